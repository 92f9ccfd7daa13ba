import { outdatedBadge, outdatedTitle } from '#server/domain/legislation-rule'
import type { QuestionCard as Card } from '#server/features/questions/contract'
import { formatShortDate } from '~/utils/format'

import type { CardView } from './answer-parts'
import type { CardTextMap } from './card-texts'

// The API's card trimmed to what the page needs (CardView), on the server: the last attempt's
// day is formatted here, so the card's code in the browser carries no date formatting.

/** `now`: the API's time (apiNow), which decides whether the last attempt's day shows its year. */
export function toCardView(q: Card, now: Date | null): CardView {
  return {
    id: q.id,
    code: q.short_id,
    disc: q.discipline_name,
    topics: q.topics.map((t) => t.name),
    year: q.exam_year,
    exam: q.exam_name,
    board: q.exam_board,
    org: q.exam_organization,
    level: q.measured_difficulty?.level ?? q.difficulty_level ?? undefined,
    measured: q.measured_difficulty?.first_attempts,
    annulled: q.is_annulled || undefined,
    alts: q.alternatives.map((a) => a.letter),
    body: { text: q.question_text, alts: q.alternatives.map((a) => a.text_content) },
    forum: q.forum_topics_count ?? 0,
    last: q.my_last_attempt ? { ok: q.my_last_attempt.correct, day: formatShortDate(q.my_last_attempt.at, now) } : undefined,
    tk: q.shown_token,
    ...outdatedView(q.outdated),
  }
}

/** The badge's words and tooltip, and an admin's note (ADR 053); nothing when neither applies. */
export function outdatedView(o: Card['outdated'] | undefined): Pick<CardView, 'old' | 'stale'> {
  if (!o) return {}
  const t = outdatedBadge(o.possible)
  return {
    ...(t ? { old: { t, title: outdatedTitle(o.possible) } } : {}),
    ...(o.confirmed ? { stale: o.confirmed.note } : {}),
  }
}

/** Moves the cards' texts out of the loader data into a map for the server render. */
export function splitTexts(cards: CardView[]): { cards: CardView[]; texts: CardTextMap } {
  const texts: CardTextMap = new Map(cards.map((c) => [c.id, c.body ?? { text: '', alts: [] }]))
  return { cards: cards.map(({ body: _, ...c }) => c), texts }
}
