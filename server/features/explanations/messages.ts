import { EXPLANATIONS_PER_DAY } from './limits'

// The messages of Explicações de alunos the contract, the router, the domain and the pages share
// (no zod, no database: the contract is imported by the pages' loaders).

export const EXPLANATIONS_LOGIN = 'Faça login para ler e escrever explicações.'
export const QUESTION_NOT_FOUND = 'Questão não encontrada'
export const EXPLANATION_NOT_FOUND = 'Explicação não encontrada.'
export const PROMPT = 'Você acertou. Explique em uma frase para quem errou?'
export const FIELD_LABEL = 'Explique para quem errou'
export const NOT_OPENED = 'Responda a esta questão para ler as explicações dos colegas.'
export const NOT_RIGHT = 'Só quem acertou esta questão pode explicá-la. Responda-a certo e volte aqui.'
export const ALREADY_WROTE = 'Você já escreveu uma explicação para esta questão. Edite a sua em vez de escrever outra.'
export const OWN_VOTE = 'Você não pode marcar a sua própria explicação como útil.'
export const OWN_FLAG = 'Você não pode denunciar a sua própria explicação. Se quiser, edite-a ou exclua-a.'
export const ALREADY_FLAGGED = 'Você já denunciou esta explicação. A moderação vai analisá-la.'
export const FLAG_SENT = 'Denúncia enviada. Obrigado por avisar a moderação.'
export const DAILY_LIMIT = `Você já escreveu ${EXPLANATIONS_PER_DAY} explicações hoje. Volte amanhã para escrever mais.`
export const FLOOD_MESSAGE = 'Você está enviando explicações rápido demais. Aguarde alguns minutos e tente novamente.'
export const PUBLISHED = 'Explicação publicada. Obrigado por ajudar quem errou!'
export const AWAITING = 'Explicação enviada. Ela aparece para os colegas depois que a moderação aprovar.'
export const UPDATED = 'Explicação atualizada.'
export const DELETED = 'Explicação excluída.'
export const EXPLANATION_QUEUE_FILTERS = ['flagged', 'pending', 'hidden', 'all'] as const
export type ExplanationQueueFilter = (typeof EXPLANATION_QUEUE_FILTERS)[number]

// Built on first use: this module is in the list's page scripts, and a browser's first Intl
// formatter costs its page 15–25 ms of one task while the scripts are evaluated (issue 66).
let formatter: Intl.NumberFormat | undefined
const number = { format: (n: number) => (formatter ??= new Intl.NumberFormat('pt-BR')).format(n) }

/** "Explicação de aluno · 12 acharam útil": the line over the best one. */
export function usefulLine(useful: number) {
  if (useful === 0) return 'Explicação de aluno · ainda sem votos'
  return `Explicação de aluno · ${number.format(useful)} ${useful === 1 ? 'achou' : 'acharam'} útil`
}

const share = (part: number, total: number) => (total === 0 ? 0 : Math.floor((part * 100) / total))
const questions = (n: number) => `${number.format(n)} ${n === 1 ? 'questão' : 'questões'}`

/**
 * The bank's two kinds of explanation, each counted on its own (issue 64): "Análise do professor
 * em 4 de 1.380 questões (0%)", "Explicação de aluno em 12 de 1.380 questões (0%)". Rounded
 * down: never more than there is; never one counted as the other.
 */
export function coverageLines(c: { questions: number; professor: number; student: number }) {
  return {
    professor: `Análise do professor em ${number.format(c.professor)} de ${questions(c.questions)} (${share(c.professor, c.questions)}%)`,
    student: `Explicação de aluno em ${number.format(c.student)} de ${questions(c.questions)} (${share(c.student, c.questions)}%)`,
  }
}
