/**
 * Folds a name for matching: lower case, no accents, single inner spaces, trimmed
 * (import-formats §1: "direito  constitucional" is "Direito Constitucional").
 */
export function nameKey(value: string) {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** A question text's first `max` characters as one plain line (markup tags dropped, spaces folded), '…' when cut. */
export function markupExcerpt(markup: string, max: number) {
  const text = markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}
