// URLs of a card's tool routes (/questoes/{id}/<tool>): the list's search rides along so
// closing the tool returns to the same search, page and card.

/** The list's search from a tool URL, without the tool's own parameters. */
export function listSearchOf(url: URL, own: string[] = []) {
  const params = new URLSearchParams(url.search)
  for (const key of own) params.delete(key)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Back to the list behind the tool, at the question's card. */
export function backToList(listSearch: string, questionId: number) {
  return `/questoes${listSearch}#questao-${questionId}`
}

/** A path id that must be a positive integer, else a 404 page. */
export function routeId(value: string | undefined, message: string) {
  if (!/^\d{1,9}$/.test(value ?? '') || Number(value) < 1) throw new Response(message, { status: 404 })
  return Number(value)
}

/**
 * How a tool's title names its question: its number in its exam ('Questão 37 · Exame de Ordem
 * Unificado 2010.2'), never the internal code (issue 27).
 */
export function questionLabel(q: { question_number: number; exam_name: string | null; exam_board: string; exam_year: number }) {
  return `Questão ${q.question_number} · ${q.exam_name ?? `${q.exam_board} ${q.exam_year}`}`
}
