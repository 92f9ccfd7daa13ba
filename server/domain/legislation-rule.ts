// "Pode estar desatualizada" (issue 38 §3, ADR 053), the card's words: pure, no database, so the
// pages format the badge with it too. Which changes badge a question is the one rule's, in SQL
// (badgesSql in ./legislation.ts: a change's scope, ADR 089, the exam's date and staff's decision,
// ADR 090); here, how each one reads: with only the exam's year, the change's own year "pode estar"
// (same_year, said in the tooltip).

/** A change as the rule reads it. `in_force` is a São Paulo day, YYYY-MM-DD. */
export type LegislativeRule = { id: number; label: string; name: string; in_force: string; discipline_ids: number[] }

/** When the question's exam was applied: the day when known, else only its year. */
export type ExamWhen = { applied_on: string | null; year: number }

/** A change that may have outdated a question; `same_year`: only the year is known, and it is the change's. */
export type PossibleChange = { label: string; name: string; in_force: string; same_year: boolean }

/** How a change's date bears on a question of this exam (the rule's SQL says the same: ruleBadgesSql); null when it does not. */
export function changeApplies(change: Pick<LegislativeRule, 'in_force'>, exam: ExamWhen): 'before' | 'same_year' | null {
  if (exam.applied_on) return exam.applied_on < change.in_force ? 'before' : null
  const year = Number(change.in_force.slice(0, 4))
  if (exam.year < year) return 'before'
  return exam.year === year ? 'same_year' : null
}

/** The changes that badge a question of this exam (changesBadgingSql's ids), oldest first. */
export function outdatedBy(rules: LegislativeRule[], badging: readonly number[], exam: ExamWhen): PossibleChange[] {
  return rules
    .filter((rule) => badging.includes(rule.id))
    .map((rule) => ({ label: rule.label, name: rule.name, in_force: rule.in_force, same_year: changeApplies(rule, exam) === 'same_year' }))
    .sort((a, b) => a.in_force.localeCompare(b.in_force) || a.label.localeCompare(b.label))
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
