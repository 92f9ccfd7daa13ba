import { sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import { queryRows } from '../../db/index'
import type { QuestionCard, SearchParams } from '../../domain/questions/search'
import { loadCards, searchParamsWith, searchQuestions, tsQuery } from '../../domain/questions/search'
import { markupExcerpt, nameKey } from '../../domain/text'
import type { ChatLink, Reply, ReplyGenerator, ReplyInput } from './replies'

// The assistant's answers from our own content (ADR 023): the student's words go through the
// bank's one Portuguese search (statements and alternatives, server/domain/questions/search.ts)
// and the same text query over the teachers' explanations; the reply names the closest
// questions and their topics, with links. Nothing is invented: no match, no claim.

const SHOWN_QUESTIONS = 3
const TOPIC_LINKS = 2
const MAX_TERMS = 8

/**
 * Words that carry the form of a chat message, not its subject (folded like nameKey).
 * The Portuguese text configuration drops its own stop words; these are the conversational
 * ones it keeps ('explique', 'questão', 'gostaria'), which would otherwise have to match too.
 */
const FILLER = new Set(
  (
    'que qual quais como quando onde porque por para pra pro sobre com sem uma umas uns dos das nos nas num numa ' +
    'essa esse isso esta este isto aquele aquela aquilo tem ter sao seu sua seus suas meu minha meus minhas voce voces ' +
    'mim nao sim mais menos muito muita pouco gostaria queria quero saber entender entendi explique explica explicar ' +
    'explicacao fale falar diga dizer preciso precisa ajuda ajude ajudar duvida duvidas pergunta perguntas questao ' +
    'questoes assunto assuntos tema temas estudar estudo estudando algum alguma alguns algumas oque tudo todo toda todos ' +
    'todas pode podem posso seria favor obrigado obrigada valeu ola bom boa dia tarde noite hello help assistente ' +
    'funciona faz fazer significa quer dizer certo errado resposta respostas correta certa prova provas oab alguem ' +
    'mostre mostra mostrar indique indica indicar busque buscar procure procurar encontre encontrar exemplo exemplos'
  ).split(' '),
)

const GREETING = /^(oi|ola|opa|e ai|eai|bom dia|boa tarde|boa noite|hello|hey)\b/
const THANKS = /\b(obrigad[oa]|valeu|agradeco)\b/

type TopicRef = { id: number; name: string; discipline_id: number; discipline_name: string }
type Subject = TopicRef & { kind: 'd' | 't' }

/** The message's own words (accents kept) whose folded form is a search term, in order. */
function termsOf(message: string): { terms: string[]; words: string[] } {
  const terms: string[] = []
  const words: string[] = []
  for (const word of message.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const folded = nameKey(word)
    if (!/^[a-z0-9]+$/.test(folded) || FILLER.has(folded) || terms.includes(folded)) continue
    if (folded.length < 3 && !/^\d+$/.test(folded)) continue
    terms.push(folded)
    words.push(word.toLowerCase())
    if (terms.length === MAX_TERMS) break
  }
  return { terms, words }
}

/** Disciplines and topics the message names outright ('direito civil', 'responsabilidade civil'). */
async function namedSubjects(db: Db, message: string): Promise<Subject[]> {
  const text = ` ${nameKey(message)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `
  if (text.trim().length < 4) return []
  const key = (column: string) => sql.raw(`' ' || regexp_replace(${column}, '[^a-z0-9]+', ' ', 'g') || ' '`)
  const rows = await queryRows<Subject>(
    db,
    sql`SELECT * FROM (
      SELECT 'd' AS kind, d.id, d.name, d.id AS discipline_id, d.name AS discipline_name FROM disciplines d
        WHERE length(d.name_key) >= 4 AND strpos(${text}, ${key('d.name_key')}) > 0
      UNION ALL
      SELECT 't' AS kind, t.id, t.name, d.id AS discipline_id, d.name AS discipline_name FROM topics t
        JOIN disciplines d ON d.id = t.discipline_id
        WHERE length(t.name_key) >= 4 AND strpos(${text}, ${key('t.name_key')}) > 0
    ) s ORDER BY length(name) DESC, id LIMIT 10`,
  )
  return rows.map((r) => ({ ...r, id: Number(r.id), discipline_id: Number(r.discipline_id) }))
}

/** The assistant shows a few questions: five candidates a search. */
const searchParams = (overrides: Partial<SearchParams>) => searchParamsWith({ perPage: 5, ...overrides })

/**
 * A cheap necessary condition for a folded term to occur in raw text: a LIKE pattern of the
 * first letters its stem keeps (the Portuguese stemmer cuts at most a suffix: 'prazos' →
 * 'praz'), where the first letter (a capital) and any letter that may carry an accent or a
 * cedilla is a wildcard ('usucapiao' → '%_s_c_p%'). The scan skips most explanations before to_tsvector.
 */
export function likePattern(term: string) {
  const head = term.slice(1, Math.max(2, Math.min(6, term.length - 2))).replace(/[aeiouc]/g, '_')
  return `%_${head}%`
}

/** At most this many explanations go through to_tsvector per message: ≈0.25 ms each on PGlite. */
export const EXPLANATION_POOL = 1_000

/**
 * Live questions whose teacher's explanation matches the same text query, best first. The
 * search vector covers statement and alternatives only and the schema has no index over the
 * explanations, so this reads them: a LIKE prefilter per term (all terms, or any in the 'or'
 * fallback) keeps the newest EXPLANATION_POOL candidates, and only those pay for to_tsvector.
 * Newest, not the first the scan meets: PostgreSQL starts a scan of a large table where the last
 * one stopped, so the same message drew on other explanations each time (as the search's pool,
 * ADR 068). Measured on PGlite with 20k explanations: 5 s for to_tsvector over all of them, 0.12 s
 * for the LIKE pass. A broad word may leave a match outside the pool: the statement search
 * (indexed) still finds those questions by their statements. ADR 023 says how an index would replace it.
 */
async function explanationMatches(db: Db, terms: string[], mode: 'all' | 'some', disciplineIds: number[], limit: number) {
  const query = tsQuery(terms.join(mode === 'all' ? ' ' : ' or '))
  const patterns = sql.param(terms.map(likePattern))
  const prefilter = mode === 'all' ? sql`q.explanation LIKE ALL(${patterns}::text[])` : sql`q.explanation LIKE ANY(${patterns}::text[])`
  const inDiscipline = disciplineIds.length ? sql`AND q.discipline_id = ANY(${sql.param(disciplineIds)}::int[])` : sql``
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH c AS MATERIALIZED (
      SELECT q.id, q.explanation FROM questions q
      WHERE q.removed_at IS NULL AND q.explanation IS NOT NULL AND ${prefilter} ${inDiscipline}
      ORDER BY q.id DESC LIMIT ${EXPLANATION_POOL}),
    m AS MATERIALIZED (SELECT id, to_tsvector('portuguese', gabarita_fold(explanation)) AS v FROM c)
    SELECT id FROM m WHERE v @@ ${query} ORDER BY ts_rank(v, ${query}) DESC, id LIMIT ${limit}`,
  )
  return rows.map((r) => Number(r.id))
}

type Found = {
  cards: QuestionCard[]
  /** Ids found only through the teacher's explanation (the reply says so). */
  viaExplanation: Set<number>
  /** 'all': every term matched; 'some': only part of them (the OR fallback). */
  mode: 'all' | 'some'
  statementTotal: number
}

/** Reciprocal-rank fusion of the ranked lists: a question high in several lists comes first. */
function fuse(lists: { ids: number[]; weight: number }[]) {
  const score = new Map<number, number>()
  for (const { ids, weight } of lists) ids.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + weight / (2 + i)))
  return [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id)
}

async function findQuestions(db: Db, terms: string[], disciplineIds: number[], topicIds: number[]): Promise<Found> {
  let mode: Found['mode'] = 'all'
  let statement = { ids: [] as number[], total: 0 }
  let explanation: number[] = []
  const run = async (how: 'all' | 'some') => {
    const [s, e] = await Promise.all([
      searchQuestions(db, searchParams({ searchTerm: terms.join(how === 'all' ? ' ' : ' or '), disciplineIds })),
      explanationMatches(db, terms, how, disciplineIds, 5),
    ])
    statement = { ids: s.data.map((c) => c.id), total: s.total }
    explanation = e
  }
  if (terms.length) {
    await run('all')
    // A question in the student's own words rarely has every word in one statement: then the
    // questions with the most of them (websearch 'or', ranked by ts_rank).
    if (!statement.ids.length && !explanation.length && terms.length > 1) {
      mode = 'some'
      await run('some')
    }
  }
  // A message that only names a topic or a discipline: some of its questions.
  const bySubject = topicIds.length ? { topicIds } : !terms.length && disciplineIds.length ? { disciplineIds } : null
  const byTopic = bySubject
    ? (await searchQuestions(db, searchParams({ ...bySubject, perPage: SHOWN_QUESTIONS }))).data.map((c) => c.id)
    : []
  const ids = fuse([
    { ids: statement.ids, weight: 1 },
    { ids: explanation, weight: 1 },
    { ids: byTopic, weight: 0.5 },
  ]).slice(0, SHOWN_QUESTIONS)
  const viaExplanation = new Set(explanation.filter((id) => !statement.ids.includes(id) && !byTopic.includes(id)))
  return { cards: await loadCards(db, ids), viaExplanation, mode, statementTotal: statement.total }
}

/** Topics of one or more disciplines that hold the most live questions (for a message that names only a discipline). */
async function biggestTopics(db: Db, disciplineIds: number[]) {
  const rows = await queryRows<TopicRef>(
    db,
    sql`SELECT t.id, t.name, d.id AS discipline_id, d.name AS discipline_name
      FROM topics t JOIN disciplines d ON d.id = t.discipline_id
      JOIN question_topics qt ON qt.topic_id = t.id JOIN questions q ON q.id = qt.question_id AND q.removed_at IS NULL
      WHERE t.discipline_id = ANY(${sql.param(disciplineIds)}::int[])
      GROUP BY t.id, d.id ORDER BY count(*) DESC, t.name LIMIT ${TOPIC_LINKS}`,
  )
  return rows.map((r) => ({ id: Number(r.id), name: r.name, discipline_id: Number(r.discipline_id), discipline_name: r.discipline_name }))
}

function questionsUrl(params: Record<string, string | number | undefined>) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value))
  return `/questoes?${search}`
}

const excerpt = (html: string) => markupExcerpt(html, 70)

function questionLink(card: QuestionCard): ChatLink {
  return {
    label: `Questão ${card.question_number} · ${card.discipline_name} · ${card.exam_board} ${card.exam_year}: ${excerpt(card.question_text)}`,
    href: `/questoes/${card.id}`,
  }
}

const topicLink = (t: TopicRef): ChatLink => ({
  label: `Questões de ${t.name} (${t.discipline_name})`,
  href: questionsUrl({ disciplina: t.discipline_id, assunto: t.id }),
})

/** The topics the found questions share most, best-ranked questions counting more. */
function topicsOfCards(cards: QuestionCard[]) {
  const score = new Map<number, TopicRef & { score: number }>()
  cards.forEach((card, i) => {
    for (const t of card.topics) {
      const entry = score.get(t.id) ?? { ...t, discipline_id: card.discipline_id, discipline_name: card.discipline_name, score: 0 }
      entry.score += 1 / (1 + i)
      score.set(t.id, entry)
    }
  })
  return [...score.values()].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name, 'pt-BR'))
}

const quoted = (text: string) => `“${text}”`
const list = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : (names[0] ?? ''))

const HELP: Reply = {
  content:
    'Sou o assistente de estudos do Gabarita, um programa automático (não uma pessoa). Escreva um tema ou uma dúvida, como ' +
    '“usucapião especial urbana” ou “desistência voluntária”, e eu indico questões e assuntos do nosso banco que tratam dele. ' +
    'Não dou parecer jurídico: a resposta comentada fica em cada questão.',
  links: [{ label: 'Abrir o banco de questões', href: '/questoes' }],
}

export const bankReplies: ReplyGenerator = {
  async reply({ message, db }: ReplyInput): Promise<Reply> {
    const folded = nameKey(message)
    const subjects = await namedSubjects(db, message)
    const disciplines = subjects.filter((s) => s.kind === 'd')
    const topics = subjects.filter((s) => s.kind === 't')
    // The words of a named discipline select it (a filter), they are not searched as text.
    const disciplineWords = new Set(disciplines.flatMap((d) => nameKey(d.name).split(/[^a-z0-9]+/)))
    const all = termsOf(message)
    const keep = all.terms.map((t, i) => ({ t, w: all.words[i] })).filter(({ t }) => !disciplineWords.has(t))
    const terms = keep.map((k) => k.t)
    const phrase = keep.map((k) => k.w).join(' ')

    if (!terms.length && !subjects.length) {
      if (THANKS.test(folded))
        return { content: 'De nada! Quando quiser, escreva outro tema e eu procuro no banco de questões.', links: [] }
      if (GREETING.test(folded)) return { ...HELP, content: `Olá! ${HELP.content}` }
      return HELP
    }

    const disciplineIds = disciplines.map((d) => d.id)
    const found = await findQuestions(
      db,
      terms,
      disciplineIds,
      topics.map((t) => t.id),
    )
    const where = disciplines.length ? ` em ${list(disciplines.map((d) => d.name))}` : ''

    if (!found.cards.length) {
      const links: ChatLink[] = []
      if (phrase) links.push({ label: `Buscar ${quoted(phrase)} no banco de questões`, href: questionsUrl({ q: phrase }) })
      for (const d of disciplines) links.push({ label: `Questões de ${d.name}`, href: questionsUrl({ disciplina: d.id }) })
      links.push({ label: 'Abrir o banco de questões com filtros', href: '/questoes' })
      return {
        content:
          `Não encontrei no banco questões sobre ${quoted(phrase || message.slice(0, 60))}${where}. ` +
          'Tente usar os termos da lei (por exemplo, “usucapião” em vez de “ficar com o imóvel”), buscar uma palavra só ' +
          'ou filtrar por disciplina no banco de questões.',
        links: links.slice(0, 4),
      }
    }

    const topicChoices: TopicRef[] = [...topics, ...topicsOfCards(found.cards)]
    if (!terms.length && !topics.length) topicChoices.unshift(...(await biggestTopics(db, disciplineIds)))
    const chosenTopics = topicChoices.filter((t, i) => topicChoices.findIndex((o) => o.id === t.id) === i).slice(0, TOPIC_LINKS)

    const [best] = found.cards
    const sentences: string[] = []
    if (!terms.length) sentences.push(`Separei algumas questões de ${list(subjects.map((s) => s.name))} do banco.`)
    else if (found.mode === 'all') sentences.push(`Encontrei no banco questões sobre ${quoted(phrase)}${where}.`)
    else sentences.push(`Nenhuma questão do banco tem todos os termos de ${quoted(phrase)}${where}; estas tratam de parte deles.`)
    if (terms.length) {
      const via = found.viaExplanation.has(best.id) ? ' (o tema aparece na explicação da questão)' : ''
      sentences.push(
        `A que parece mais próxima é a questão ${best.question_number} de ${best.discipline_name}, ${best.exam_board} ${best.exam_year}${via}.`,
      )
    }
    if (chosenTopics.length)
      sentences.push(
        `Para praticar, veja também ${chosenTopics.length > 1 ? 'os assuntos' : 'o assunto'} ${list(chosenTopics.map((t) => t.name))}.`,
      )
    sentences.push('A resposta comentada fica na página de cada questão.')

    const links = [...found.cards.map(questionLink), ...chosenTopics.map(topicLink)]
    if (found.mode === 'all' && found.statementTotal > SHOWN_QUESTIONS) {
      links.push({
        label: `Todas as questões com ${quoted(phrase)}`,
        href: questionsUrl({ q: phrase, disciplina: disciplineIds.length === 1 ? disciplineIds[0] : undefined }),
      })
    }
    return { content: sentences.join(' '), links }
  },
}
