import type { ReactNode } from 'react'

// Icons drawn once per page in an inline sprite and reused through <use>: 20 cards, or
// the header's two theme switches, repeat a short reference instead of full SVG paths
// (keeps every page's HTML small, issue 5's page budget).

export function createIcons<Name extends string>(prefix: string, symbols: Record<Name, ReactNode>) {
  function Sprite() {
    return (
      <svg aria-hidden className="absolute h-0 w-0 overflow-hidden" xmlns="http://www.w3.org/2000/svg">
        {Object.entries<ReactNode>(symbols).map(([name, body]) => (
          <symbol
            key={name}
            id={`${prefix}-${name}`}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            {body}
          </symbol>
        ))}
      </svg>
    )
  }
  function Icon({ name, className = 'h-4 w-4' }: { name: Name; className?: string }) {
    return (
      <svg aria-hidden className={className}>
        <use href={`#${prefix}-${name}`} />
      </svg>
    )
  }
  return { Sprite, Icon }
}
