// The legislative changes' values and messages, zod-free: the admin page renders them without zod
// in its first load (ADR 029).

export const LABEL_MAX = 40
export const NAME_MAX = 200
export const NOTE_MAX = 300
export const OUTDATED_NOTE_MAX = 300

export const CHANGE_NOT_FOUND = 'Mudança legislativa não encontrada.'
export const QUESTION_NOT_FOUND = 'Questão não encontrada.'
export const REPORT_NOT_FOUND = 'Relato de erro não encontrado para esta questão.'
export const UNKNOWN_DISCIPLINE = 'Disciplina não encontrada: escolha disciplinas do banco.'
export const CHANGE_CREATED = 'Mudança legislativa criada.'
export const CHANGE_UPDATED = 'Mudança legislativa atualizada.'
export const CHANGE_DELETED = 'Mudança legislativa excluída.'
export const OUTDATED_CONFIRMED = 'Questão marcada como desatualizada.'
export const EXAM_NOT_FOUND = 'Prova não encontrada.'
export const EXAM_DATE_SAVED = 'Data de aplicação salva.'
export const EXAM_DATE_CLEARED = 'Data de aplicação apagada: vale o ano da prova.'
export const OUTDATED_UNDONE = 'A questão não está mais marcada como desatualizada.'

/** Staff's word on one question's badge by one change (ADR 090). */
export const OUTDATED_DECISIONS = ['confirm', 'remove'] as const
export type OutdatedDecision = (typeof OUTDATED_DECISIONS)[number]
export const DECISION_LABELS: Record<OutdatedDecision, string> = {
  confirm: 'Selo confirmado pela equipe',
  remove: 'Selo removido pela equipe',
}
export const BADGE_CONFIRMED = 'Selo confirmado: a questão mostra “Pode estar desatualizada” por esta mudança.'
export const BADGE_REMOVED = 'Selo removido: a questão não mostra mais esta mudança.'
export const BADGE_RESET = 'Decisão desfeita: vale a regra do escopo.'
export const BADGES_PER_PAGE = 20

/** A change's scope (ADR 089, 091): a code replaced whole ('discipline') or what it changed ('scope'), typed a line an entry. */
export const SCOPE_KINDS = ['discipline', 'scope'] as const
export type ScopeKind = (typeof SCOPE_KINDS)[number]
export type ScopeList = 'norms' | 'articles' | 'terms'
export const SCOPE_LINES_MAX = 300
export const SCOPE_LINE_MAX = 120
export const SCOPE_LIST_NAMES: Record<ScopeList, string> = { norms: 'Normas', articles: 'Artigos', terms: 'Assuntos' }
export const EMPTY_SCOPE = 'Escopo vazio: informe ao menos uma norma, um artigo ou um assunto, ou escolha “Disciplina inteira”.'
