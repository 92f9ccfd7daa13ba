// What the two desks (disciplines and topics) show of a question the same way: where it is, how
// it starts, and its prediction's confidence against the model's threshold (null: no model).

const EXCERPT = 180

/** The first characters of a statement read back from the database (twice the excerpt, before flattening). */
export const EXCERPT_READ = EXCERPT * 2

function excerpt(text: string) {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1).trimEnd()}…` : flat
}

export type DeskQuestion = {
  id: number
  shortId: string
  number: number
  examId: number
  examName: string
  examYear: number
  statement: string
  confidence: number | null
}

export function deskRow(r: DeskQuestion, threshold: number | null) {
  const confidence = r.confidence ?? 0
  return {
    id: r.id,
    short_id: r.shortId,
    number: r.number,
    exam: { id: r.examId, name: r.examName, year: r.examYear },
    excerpt: excerpt(r.statement),
    confidence,
    confident: threshold !== null && confidence >= threshold,
  }
}
