// Offline practice (issue 39 §6, ADR 056): numbers and messages the contract, the rules and the
// pages share (no zod, no database).

/** Questions one download keeps on the device. */
export const DOWNLOAD_MAX = 200
/** Answers one sync sends at most (a phone's queue is sent in batches of this). */
export const SYNC_MAX = 500
/** New answers to one question that one sync records; the rest are refused (issue 61). */
export const PER_QUESTION_MAX = 5
/** A phone's clock may run this far ahead of the server's before its answer is refused. */
export const CLOCK_SLACK_MS = 5 * 60_000

export const IDS_MESSAGE = `question_ids deve ser uma lista de 1 a ${DOWNLOAD_MAX} identificadores de questões.`
export const ANSWERS_MESSAGE = `answers deve ser uma lista de 1 a ${SYNC_MAX} respostas.`
export const CLIENT_ID_MESSAGE = 'client_id deve ser um UUID gerado pelo aparelho.'
export const ANSWER_MESSAGE = 'answer deve ser a letra de uma alternativa (A a E).'
export const ANSWERED_AT_MESSAGE = 'answered_at deve ser uma data e hora ISO 8601.'

export const NOT_DOWNLOADED = 'Esta questão não foi baixada para estudar offline nesta conta.'
export const BEFORE_DOWNLOAD = 'A resposta é de antes de a questão ser baixada: confira o relógio do aparelho.'
export const IN_THE_FUTURE = 'A resposta tem uma hora no futuro: confira o relógio do aparelho.'
export const QUESTION_GONE = 'Esta questão foi removida do banco.'
export const BAD_LETTER = 'A letra não é de uma alternativa desta questão.'
export const QUOTA_LEFT_OUT = (kept: number, asked: number) => `O limite semanal do seu plano deixou baixar ${kept} de ${asked} questões.`
export const TOO_MANY_FOR_ONE_QUESTION = `Mais de ${PER_QUESTION_MAX} respostas à mesma questão num só envio: esta não foi registrada.`
