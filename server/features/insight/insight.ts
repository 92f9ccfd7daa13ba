import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm'

import type { Db } from '../../db/index'
import {
  attempts,
  disciplines,
  exams,
  forumTopics,
  notebookQuestions,
  notebooks,
  notes,
  questionAnswerStats,
  questions,
  questionTopics,
  questionUsage,
  videoWatches,
} from '../../db/schema'
import { videoId } from '../../domain/import/text-file'
import { answeredDifficulty } from '../../domain/questions/difficulty'
import { loadCards } from '../../domain/questions/search'
import { weekStart } from '../../domain/time/calendar'
import type { QuestionDetails, QuestionInteractions, QuestionStatistics, QuestionVideo, UserStats } from './contract'

// Question insight (issue 12): statistics (Desempenho) from every user's attempts, the
// student's own history, the video (Vídeo) and its watched mark, the question's details and
// the counts of what exists around it. Statistics read the per-question aggregate kept by the
// trigger in server/db/sql/003-question-stats.sql, never the attempts table (ADR 018).

export const NO_STATISTICS_MESSAGE = 'Nenhuma estatística disponível.'
export const NO_VIDEO_MESSAGE = 'Nenhum vídeo disponível.'
export const VIDEO_ERROR_MESSAGE = 'Erro ao carregar vídeo.'
export const VIDEO_ERROR_DETAIL = 'O link do vídeo pode estar inválido.'
export const WATCHED_MESSAGE = 'Vídeo marcado como assistido.'
/** Why the distractor analysis is missing: it would name the key before the student asked. */
export const ALTERNATIVES_HIDDEN_MESSAGE =
  'Responda à questão ou veja a resposta para ver como as respostas se distribuem entre as alternativas.'
/** How many of the student's own attempts the history lists (newest first). */
export const HISTORY_LIMIT = 20
/** The privacy-enhanced player: the only frame origin the CSP allows (server/app.ts). */
export const EMBED_ORIGIN = 'https://www.youtube-nocookie.com'

/** Rounded percentage of part over whole (spec section 9: accuracy is the rounded percentage). */
export function percent(part: number, whole: number) {
  return whole > 0 ? Math.round((part * 100) / whole) : 0
}

export type StatisticsOutcome = { kind: 'ok'; value: QuestionStatistics } | { kind: 'empty'; userStats: null } | { kind: 'not-found' }

async function liveQuestion(db: Db, id: number) {
  const [row] = await db
    .select({
      id: questions.id,
      alternatives: questions.alternatives,
      correctAnswer: questions.correctAnswer,
      difficulty: questions.difficulty,
    })
    .from(questions)
    .where(and(eq(questions.id, id), isNull(questions.removedAt)))
  return row ?? null
}

export async function userStatistics(db: Db, userId: string, questionId: number): Promise<UserStats | null> {
  const [[summary], history] = await Promise.all([
    db
      .select({
        attempts: count(),
        correct: sql<number>`count(*) FILTER (WHERE ${attempts.correct})`,
        best: sql<number | null>`min(${attempts.elapsedSeconds}) FILTER (WHERE ${attempts.correct})`,
      })
      .from(attempts)
      .where(and(eq(attempts.userId, userId), eq(attempts.questionId, questionId))),
    db
      .select({ at: attempts.createdAt, answer: attempts.answer, correct: attempts.correct, elapsedSeconds: attempts.elapsedSeconds })
      .from(attempts)
      .where(and(eq(attempts.userId, userId), eq(attempts.questionId, questionId)))
      .orderBy(desc(attempts.createdAt), desc(attempts.id))
      .limit(HISTORY_LIMIT),
  ])
  const total = Number(summary?.attempts ?? 0)
  if (total === 0) return null
  const correct = Number(summary?.correct ?? 0)
  const last = history[0]
  return {
    attempts: total,
    correct,
    accuracy: percent(correct, total),
    lastAttempt: last ? last.at.toISOString() : null,
    lastResult: last ? (last.correct ? 'correct' : 'incorrect') : null,
    bestTime: summary?.best === null || summary?.best === undefined ? null : Number(summary.best),
    history: history.map((h) => ({ at: h.at.toISOString(), answer: h.answer, correct: h.correct, elapsedSeconds: h.elapsedSeconds })),
  }
}

/**
 * Statistics of a question from every user's attempts. `userId` adds the caller's own
 * attempts (userStats); it is always the authenticated caller, never a parameter of the request.
 */
export async function questionStatistics(db: Db, questionId: number, userId: string | undefined, at: Date): Promise<StatisticsOutcome> {
  const q = await liveQuestion(db, questionId)
  if (!q) return { kind: 'not-found' }
  const [rows, userStats, [revealed]] = await Promise.all([
    db.select().from(questionAnswerStats).where(eq(questionAnswerStats.questionId, questionId)).orderBy(asc(questionAnswerStats.answer)),
    userId ? userStatistics(db, userId, questionId) : Promise.resolve(null),
    // Opened this week without answering ('Ver Resposta'): the same rule as GET /reveal.
    userId
      ? db
          .select({ q: questionUsage.questionId })
          .from(questionUsage)
          .where(
            and(eq(questionUsage.userId, userId), eq(questionUsage.weekStart, weekStart(at)), eq(questionUsage.questionId, questionId)),
          )
          .limit(1)
      : Promise.resolve([]),
  ])
  const opened = Boolean(userStats || revealed)
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + Number(pick(r)), 0)
  const total = sum((r) => r.attempts)
  if (total <= 0) return { kind: 'empty', userStats: null }
  const first = sum((r) => r.firstAttempts)
  const firstCorrect = sum((r) => r.firstCorrect)
  const average = (seconds: number, timed: number) => (timed > 0 ? Math.round(seconds / timed) : null)
  const letters = [...new Set([...q.alternatives.map((a) => a.letter.toUpperCase()), ...rows.map((r) => r.answer)])].sort()
  const byLetter = new Map(rows.map((r) => [r.answer, r]))
  const key = q.correctAnswer?.toUpperCase() ?? null
  const correctAttempts = sum((r) => r.correct)
  return {
    kind: 'ok',
    value: {
      questionId,
      totalAttempts: total,
      correctAttempts,
      accuracy: percent(correctAttempts, total),
      averageTime: average(
        sum((r) => r.timeSum),
        sum((r) => r.timed),
      ),
      firstAttempts: {
        totalAttempts: first,
        correctAttempts: firstCorrect,
        accuracy: percent(firstCorrect, first),
        averageTime: average(
          sum((r) => r.firstTimeSum),
          sum((r) => r.firstTimed),
        ),
      },
      alternatives: opened
        ? letters.map((letter) => {
            const r = byLetter.get(letter)
            const n = Number(r?.attempts ?? 0)
            const f = Number(r?.firstAttempts ?? 0)
            return {
              letter,
              isCorrect: letter === key,
              count: n,
              percentage: percent(n, total),
              firstCount: f,
              firstPercentage: percent(f, first),
            }
          })
        : null,
      ...(opened ? {} : { alternativesHidden: ALTERNATIVES_HIDDEN_MESSAGE }),
      difficulty: {
        labelled: q.difficulty,
        answered: answeredDifficulty(firstCorrect, first),
        firstAttemptAccuracy: percent(firstCorrect, first),
      },
      userStats,
    },
  }
}

export type VideoOutcome = { kind: 'ok'; value: QuestionVideo } | { kind: 'not-found' } | { kind: 'no-video' } | { kind: 'invalid' }

async function videoRow(db: Db, questionId: number) {
  const [row] = await db
    .select({
      id: questions.id,
      number: questions.number,
      videoUrl: questions.videoUrl,
      discipline: disciplines.name,
      exam: exams.name,
      year: questions.year,
      board: questions.board,
    })
    .from(questions)
    .innerJoin(disciplines, eq(disciplines.id, questions.disciplineId))
    .innerJoin(exams, eq(exams.id, questions.examId))
    .where(and(eq(questions.id, questionId), isNull(questions.removedAt)))
  return row ?? null
}

/** The question's video. The link was checked on import and is checked again here (spec section 5). */
export async function questionVideo(db: Db, questionId: number, userId?: string): Promise<VideoOutcome> {
  const row = await videoRow(db, questionId)
  if (!row) return { kind: 'not-found' }
  if (!row.videoUrl?.trim()) return { kind: 'no-video' }
  const id = videoId(row.videoUrl)
  if (!id) return { kind: 'invalid' }
  const [watch] = userId
    ? await db
        .select({ at: videoWatches.watchedAt })
        .from(videoWatches)
        .where(and(eq(videoWatches.userId, userId), eq(videoWatches.questionId, questionId)))
    : []
  return {
    kind: 'ok',
    value: {
      questionId,
      title: `Vídeo da questão ${row.number} — ${row.discipline}`,
      description: `Resolução comentada da questão ${row.number} de ${row.exam} (${row.board}, ${row.year}).`,
      duration: null,
      videoUrl: row.videoUrl.trim(),
      videoId: id,
      embedUrl: `${EMBED_ORIGIN}/embed/${id}?autoplay=1&rel=0`,
      shareUrl: `https://youtu.be/${id}`,
      watchedAt: watch ? watch.at.toISOString() : null,
    },
  }
}

/** Marks the video watched once; a second mark keeps the first time. */
export async function markVideoWatched(db: Db, userId: string, questionId: number, at: Date): Promise<VideoOutcome> {
  const video = await questionVideo(db, questionId)
  if (video.kind !== 'ok') return video
  await db.insert(videoWatches).values({ userId, questionId, watchedAt: at }).onConflictDoNothing()
  return questionVideo(db, questionId, userId)
}

/** What exists now around a question for this user: counts read from the tables, zero when none. */
export async function questionInteractions(db: Db, userId: string, questionId: number): Promise<QuestionInteractions | null> {
  const row = await videoRow(db, questionId)
  if (!row) return null
  const [[n], [nb], [stats], [topics], [watch]] = await Promise.all([
    db
      .select({ n: count() })
      .from(notes)
      .where(and(eq(notes.userId, userId), eq(notes.questionId, questionId))),
    db
      .select({ n: count() })
      .from(notebookQuestions)
      .innerJoin(notebooks, eq(notebooks.id, notebookQuestions.notebookId))
      .where(and(eq(notebooks.userId, userId), eq(notebookQuestions.questionId, questionId))),
    db
      .select({ n: sql<number>`coalesce(sum(${questionAnswerStats.attempts}), 0)` })
      .from(questionAnswerStats)
      .where(eq(questionAnswerStats.questionId, questionId)),
    db
      .select({ n: count() })
      .from(forumTopics)
      .where(and(eq(forumTopics.questionId, questionId), isNull(forumTopics.hiddenAt), isNull(forumTopics.deletedAt))),
    db
      .select({ at: videoWatches.watchedAt })
      .from(videoWatches)
      .where(and(eq(videoWatches.userId, userId), eq(videoWatches.questionId, questionId))),
  ])
  const videos = row.videoUrl && videoId(row.videoUrl) ? 1 : 0
  const notesCount = Number(n?.n ?? 0)
  return {
    questionId,
    hasNotes: notesCount > 0,
    notesCount,
    notebooksCount: Number(nb?.n ?? 0),
    hasStats: Number(stats?.n ?? 0) > 0,
    hasVideos: videos > 0,
    videosCount: videos,
    forumTopicsCount: Number(topics?.n ?? 0),
    videoWatched: Boolean(watch),
  }
}

/** Every field of a question (the details view and its permanent page): never the key. */
export async function questionDetails(db: Db, questionId: number): Promise<QuestionDetails | null> {
  const [[card], [row], predicted] = await Promise.all([
    loadCards(db, [questionId]),
    db
      .select({
        createdAt: questions.createdAt,
        updatedAt: questions.updatedAt,
        videoUrl: questions.videoUrl,
        disciplineSource: questions.disciplineSource,
      })
      .from(questions)
      .where(and(eq(questions.id, questionId), isNull(questions.removedAt))),
    db
      .select({ id: questionTopics.topicId })
      .from(questionTopics)
      .where(and(eq(questionTopics.questionId, questionId), eq(questionTopics.source, 'prediction'))),
  ])
  if (!card || !row) return null
  return {
    ...card,
    imported_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    has_video: Boolean(row.videoUrl && videoId(row.videoUrl)),
    discipline_source: row.disciplineSource,
    predicted_topic_ids: predicted.map((t) => t.id),
  }
}
