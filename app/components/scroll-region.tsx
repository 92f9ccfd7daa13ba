/**
 * A table that scrolls sideways on a phone: focusable and named, so a keyboard user can
 * scroll it too (axe: scrollable-region-focusable). Positioned, so a screen-reader-only text
 * inside (absolute) is clipped with the table instead of widening the page.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className = '',
  children,
}: {
  label?: string
  labelledBy?: string
  className?: string
  children: React.ReactNode
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={`relative overflow-x-auto ${className}`} tabIndex={0} role="region" aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </div>
  )
}
