// The classification desk's values and messages (issue 38 §1, ADR 052), zod-free: the admin page
// and the CLI print them.

export const CLASSIFICATION_CONFIDENCES = ['todas', 'baixa'] as const
export type ClassificationConfidence = (typeof CLASSIFICATION_CONFIDENCES)[number]

export const CLASSIFICATION_CONFIDENCE_LABELS: Record<ClassificationConfidence, string> = {
  todas: 'Todas',
  baixa: 'Abaixo do limiar de confiança',
}

/** Questions confirmed in one request (the page shows 20 a page; the CLI may send more). */
export const MAX_REVIEWS = 200

export const CLASSIFICATION_PAGE_SIZE = 20

export const REVIEW_NONE = 'Selecione pelo menos uma questão.'
export const REVIEW_TOO_MANY = `Confirme no máximo ${MAX_REVIEWS} questões por vez.`
export const REVIEW_REPEATED = 'Cada questão só pode aparecer uma vez.'
export const BAD_EXAM_FILTER = 'Prova inválida.'
export const BAD_DISCIPLINE_FILTER = 'Disciplina inválida.'
export const BAD_CONFIDENCE_FILTER = 'Confiança inválida: use todas ou baixa.'
export const BAD_QUESTION = 'Questão inválida.'
export const BAD_DISCIPLINE = 'Disciplina inválida.'

export const questionNotFound = (id: number) => `Questão não encontrada: ${id}. Nenhuma classificação foi salva.`
export const disciplineNotFound = (id: number) => `Disciplina não encontrada: ${id}. Nenhuma classificação foi salva.`
export const UNCLASSIFIED_TARGET = '"Não classificada" não é uma disciplina para confirmar. Nenhuma classificação foi salva.'
export const BAD_TOPIC = 'Assunto inválido.'
export const topicNotFound = (id: number) => `Assunto não encontrado: ${id}. Nenhum assunto foi salvo.`
export const topicOfAnotherDiscipline = (topic: string, question: number) =>
  `O assunto "${topic}" não é da disciplina da questão ${question}. Nenhum assunto foi salvo.`

export const reviewedMessage = (n: number) => (n === 1 ? '1 classificação confirmada.' : `${n} classificações confirmadas.`)
export const topicsReviewedMessage = (n: number) => (n === 1 ? '1 assunto confirmado.' : `${n} assuntos confirmados.`)

export const appliedMessage = (changed: number) =>
  changed === 0 ? 'Nenhuma disciplina mudou.' : changed === 1 ? '1 disciplina mudou.' : `${changed} disciplinas mudaram.`

export const MODEL_ORIGIN_LABELS = {
  bank: 'o que vem com o Gabarita, mais as questões classificadas do banco',
  shipped: 'o modelo que vem com o Gabarita (9 provas públicas)',
} as const
