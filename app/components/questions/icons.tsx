// One inline sprite per page: 20 cards reuse its symbols through <use> instead of
// repeating full SVG paths (keeps the /questoes HTML small).

const SYMBOLS = {
  lock: (
    <>
      <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </>
  ),
  check: <path d="M20 6 9 17l-5-5" />,
  x: <path d="M18 6 6 18M6 6l12 12" />,
  flag: <path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.3 2q2 0 3.1-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.5" />,
}

export type IconName = keyof typeof SYMBOLS

export function IconSprite() {
  return (
    <svg aria-hidden className="absolute h-0 w-0 overflow-hidden" xmlns="http://www.w3.org/2000/svg">
      {Object.entries(SYMBOLS).map(([name, body]) => (
        <symbol key={name} id={`i-${name}`} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {body}
        </symbol>
      ))}
    </svg>
  )
}

export function Icon({ name, className = 'h-4 w-4' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden className={className}>
      <use href={`#i-${name}`} />
    </svg>
  )
}
