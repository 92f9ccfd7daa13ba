// "Pode estar desatualizada" (issue 38 §3, ADR 053), the rule alone: pure, no database, so the
// pages format the badge with it too. A change applies to a question in its scope (what it cites or
// is about, or its discipline for a code replaced whole: changesInScopeSql, ADR 089) whose exam was
// applied before the date in force; with only the exam's
// year, a year before the date's year makes it probably outdated and the same year possibly so.
// Both show the same badge. Its SQL twin for the filters is possiblyOutdatedSql (./legislation.ts).

/** A change as the rule reads it. `in_force` is a São Paulo day, YYYY-MM-DD. */
export type LegislativeRule = { id: number; label: string; name: string; in_force: string; discipline_ids: number[] }

/** When the question's exam was applied: the day when known, else only its year. */
export type ExamWhen = { applied_on: string | null; year: number }

/** A change that may have outdated a question; `same_year`: only the year is known, and it is the change's. */
export type PossibleChange = { label: string; name: string; in_force: string; same_year: boolean }

/** How a change bears on a question of this exam: null when it does not. */
export function changeApplies(change: Pick<LegislativeRule, 'in_force'>, exam: ExamWhen): 'before' | 'same_year' | null {
  if (exam.applied_on) return exam.applied_on < change.in_force ? 'before' : null
  const year = Number(change.in_force.slice(0, 4))
  if (exam.year < year) return 'before'
  return exam.year === year ? 'same_year' : null
}

/** The changes that may have outdated a question of this exam, among those whose scope it is in (changesInScopeSql), oldest first. */
export function outdatedBy(rules: LegislativeRule[], inScope: readonly number[], exam: ExamWhen): PossibleChange[] {
  const found: PossibleChange[] = []
  for (const rule of rules) {
    if (!inScope.includes(rule.id)) continue
    const how = changeApplies(rule, exam)
    if (how) found.push({ label: rule.label, name: rule.name, in_force: rule.in_force, same_year: how === 'same_year' })
  }
  return found.sort((a, b) => a.in_force.localeCompare(b.in_force) || a.label.localeCompare(b.label))
}

/** The badge's text: 'Pode estar desatualizada: CPC/2015, Reforma trabalhista'. */
export function outdatedBadge(changes: Pick<PossibleChange, 'label'>[]) {
  return changes.length ? `Pode estar desatualizada: ${changes.map((c) => c.label).join(', ')}` : null
}

/** 18/03/2016 from 2016-03-18. */
export function brDay(day: string) {
  const [y, m, d] = day.split('-')
  return `${d}/${m}/${y}`
}

/** The badge's tooltip: each law and its date in force. */
export function outdatedTitle(changes: PossibleChange[]) {
  return changes
    .map((c) => `${c.name}, em vigor desde ${brDay(c.in_force)}${c.same_year ? ' (prova do mesmo ano: verifique a data)' : ''}`)
    .join('; ')
}
