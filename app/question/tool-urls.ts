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
