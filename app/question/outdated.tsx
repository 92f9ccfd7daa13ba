// "Pode estar desatualizada" (issue 38 §3, ADR 053): the card's badges (the forms' checkbox is in
// outdated-checkbox.tsx, out of the card pages' bundle).
// The badges say it in words (never colour only); the tooltip names each law and its date in force.

/** The card's outdated state, short keys (CardView is embedded in the page 20 times). */
export type OutdatedView = {
  /** "Pode estar desatualizada: CPC/2015", and the laws with their dates for the tooltip. */
  old?: { t: string; title: string }
  /** An admin confirmed it outdated: the note students read. */
  stale?: string
}

/** In the card's header: "Pode estar desatualizada: CPC/2015" (until an admin confirms it). */
export function OutdatedBadge({ old, stale }: OutdatedView) {
  if (!old || stale !== undefined) return null
  return (
    <span className="qb qb-po" data-testid="pode-estar-desatualizada" title={old.title}>
      {old.t}
      <span className="sr-only">{`: ${old.title}`}</span>
    </span>
  )
}

/** Below the card's details: "Desatualizada: <the admin's note>". */
export function OutdatedNote({ stale }: OutdatedView) {
  if (stale === undefined) return null
  return (
    <p className="qod" data-testid="desatualizada" role="note">
      <strong>Desatualizada:</strong> {stale}
    </p>
  )
}
