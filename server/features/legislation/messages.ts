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
