// "Pode estar desatualizada" (issue 38 §3, ADR 053): the card's badges and the filters' checkbox.
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

/** "Excluir desatualizadas": the GET param atualizadas=1 on /questoes, the same field in the forms. */
export function OutdatedCheckbox({ checked, form }: { checked?: boolean; form?: string }) {
  return (
    <div>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="atualizadas"
          value="1"
          defaultChecked={checked}
          form={form}
          className="h-5 w-5"
          aria-describedby="atualizadas-ajuda"
        />
        Excluir desatualizadas
      </label>
      <p id="atualizadas-ajuda" className="text-xs text-slate-600 dark:text-slate-400">
        Deixa de fora as questões confirmadas desatualizadas e as que podem estar (prova anterior a uma mudança da lei na disciplina).
      </p>
    </div>
  )
}
