import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

// One schema for PGlite and PostgreSQL (docs/decisions/002-postgresql-everywhere.md).
// Search helpers (unaccent wrapper, tsvector trigger, trigram indexes) live in
// server/db/sql/*.sql, applied after the migrations at every start.

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
})

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

/** plan_name values; ADMIN marks an administrator (spec section 3). */
export const PLAN_NAMES = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO', 'ADMIN'] as const
export type PlanName = (typeof PLAN_NAMES)[number]

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  phone: text('phone'),
  passwordHash: text('password_hash'),
  avatarUrl: text('avatar_url'),
  mascot: text('mascot'),
  planName: text('plan_name').$type<PlanName>().notNull().default('GRATUITO'),
  requiresPasswordReset: boolean('requires_password_reset').notNull().default(false),
  /**
   * A temporary password from 'Esqueceu a senha?', kept apart from the real one so a
   * reset requested by someone else never locks the owner out.
   */
  tempPasswordHash: text('temp_password_hash'),
  /** When a temporary password was issued, it stops working at this time. */
  tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
  googleSub: text('google_sub').unique(),
  /**
   * End of the live subscription's period, copied from `subscriptions` so the token lookup
   * (which reads this row on every request) sees a due renewal without another query.
   * plan_name above stays the effective plan (ADMIN, the live subscription's plan, or
   * GRATUITO): server/domain/billing/subscriptions.ts keeps both in sync.
   */
  planPeriodEndsAt: timestamp('plan_period_ends_at', { withTimezone: true }),
  /** Granted by an admin: writes the teachers' analyses (the analysis desk, issue 40). Independent of the plan. */
  isProfessor: boolean('is_professor').notNull().default(false),
  ...timestamps,
})

export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  birthDate: text('birth_date'),
  gender: text('gender'),
  educationLevel: text('education_level'),
  targetExam: text('target_exam'),
  studyGoal: text('study_goal'),
  preferredStudyTime: text('preferred_study_time'),
  notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
  /** Left out of the weekly ranking (/ranking) when true. */
  rankingOptOut: boolean('ranking_opt_out').notNull().default(false),
  university: text('university'),
  course: text('course'),
  year: integer('year'),
  bio: text('bio'),
  /**
   * The last modo resolução page the student opened (its URL is its whole state, ADR 044): the
   * dashboard's 'Continuar estudando' reopens it, on any device (issue 27, ADR 046).
   */
  lastStudyPath: text('last_study_path'),
  lastStudyAt: timestamp('last_study_at', { withTimezone: true }),
  ...timestamps,
})

/** Opaque bearer tokens, stored as SHA-256 hashes only. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
)

/** Admin toggles (spec section 3): a feature is on only if the plan allows it and its toggle is on. */
export const featureToggles = pgTable('feature_toggles', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The plan catalogue (issue 28): limits, texts and prices are rows an admin edits on
 * /admin/planos; the migration seeds the spec's four plans. ADMIN is no catalogue plan.
 */
export type CatalogPlanName = Exclude<PlanName, 'ADMIN'>
export const catalogPlans = pgTable('catalog_plans', {
  planName: text('plan_name').$type<CatalogPlanName>().primaryKey(),
  tagline: text('tagline').notNull().default(''),
  position: integer('position').notNull(),
  popular: boolean('popular').notNull().default(false),
  /** -1 means unlimited, as in the policy. */
  questionsPerWeek: integer('questions_per_week').notNull(),
  notebooksLimit: integer('notebooks_limit').notNull(),
  hasCommentedQuestions: boolean('has_commented_questions').notNull(),
  hasNotebooks: boolean('has_notebooks').notNull(),
  hasComments: boolean('has_comments').notNull(),
  hasChat: boolean('has_chat').notNull(),
  hasAds: boolean('has_ads').notNull(),
  /** "Prova anterior" simulados a month (-1 unlimited, 0 none); issue 29. */
  simulationsPerMonth: integer('simulations_per_month').notNull().default(1),
  /** The Exame de Ordem and personalised simulados (the prova anterior follows simulationsPerMonth). */
  hasSimulations: boolean('has_simulations').notNull().default(false),
  /** The study plan (issue 30): Pro's, and Premium's at the admin's choice. */
  hasStudyPlan: boolean('has_study_plan').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Every price a plan has had: the newest row is charged from its time on, a paid period keeps its own amount. */
export const planPrices = pgTable(
  'plan_prices',
  {
    id: serial('id').primaryKey(),
    planName: text('plan_name')
      .$type<CatalogPlanName>()
      .notNull()
      .references(() => catalogPlans.planName),
    period: text('period').$type<BillingPeriod>().notNull().default('month'),
    amountCents: integer('amount_cents').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('plan_prices_plan_idx').on(t.planName, t.period, t.effectiveAt)],
)

/**
 * A line of the plan cards, backed by a capability of the software (server/features/plans/catalog.ts):
 * shown only while it is delivered. 'service' lines (mentoring, a group...) are written in by
 * an admin, off until switched on, and name the plans they belong to.
 */
export const catalogFeatures = pgTable('catalog_features', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  capability: text('capability').notNull(),
  plans: jsonb('plans').$type<CatalogPlanName[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  position: integer('position').notNull(),
  /** A line that states a count from the bank (the analysis coverage) shows only from this many questions up. */
  minCount: integer('min_count'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // The admin reading and answering it (/admin/contato, issue 28): one reply per message.
  readAt: timestamp('read_at', { withTimezone: true }),
  reply: text('reply'),
  repliedAt: timestamp('replied_at', { withTimezone: true }),
  repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
})

export const disciplines = pgTable('disciplines', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Name folded for matching: lower case, no accents, single spaces (import-formats §1). */
  nameKey: text('name_key').notNull().unique(),
  /** The shipped topic tree's version this discipline got (ADR 092); null: never seeded. */
  topicTreeVersion: integer('topic_tree_version'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    /** The code's articles it covers ("cc@arts. 1784-2027", ADR 092): a question citing one is about it. */
    articles: text('articles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Words that say a question is about it: the topic model's first example (ADR 092). */
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('topics_discipline_name_key').on(t.disciplineId, t.nameKey)],
)

export const exams = pgTable('exams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  year: integer('year').notNull(),
  board: text('board').notNull(),
  organization: text('organization'),
  /** The day the exam was applied, when known (DATA in the exam file, or the admin): "Pode estar desatualizada" compares it with a law's date in force (ADR 053). */
  appliedOn: date('applied_on', { mode: 'string' }),
  /** (PROVA, ANO, BANCA) folded like names: the exam's identity (import-formats §2). */
  identityKey: text('identity_key').notNull().unique(),
  ...timestamps,
})

export type Alternative = { letter: string; text: string }
export const DIFFICULTIES = ['FACIL', 'MEDIO', 'DIFICIL'] as const
export type Difficulty = (typeof DIFFICULTIES)[number]

export type DisciplineSource = 'file' | 'prediction' | 'review'
/** Who gave a question a topic: the exam file, the topic model (ADR 092) or an editor's review. */
export type TopicSource = DisciplineSource
export const EXPLANATION_SOURCES = ['import', 'professor'] as const
export type ExplanationSource = (typeof EXPLANATION_SOURCES)[number]

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    shortId: text('short_id').notNull().unique(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id, { onDelete: 'restrict' }),
    /** Who set the discipline: the exam file, the classifier at import (ADR 051) or an editor's review. */
    disciplineSource: text('discipline_source').$type<DisciplineSource>().notNull().default('file'),
    /** The classifier's probability (0..1) when the source is 'prediction'; null otherwise. */
    disciplineConfidence: doublePrecision('discipline_confidence'),
    /** As the exam file set it (DIFICULDADE); null when it did not: the cards then show only the measured one (issue 27). */
    difficulty: text('difficulty').$type<Difficulty>(),
    statement: text('statement').notNull(),
    alternatives: jsonb('alternatives').$type<Alternative[]>().notNull(),
    /** A letter; null means the question was annulled. */
    correctAnswer: text('correct_answer'),
    /** The published analysis (ADR 059); its history is in analysis_revisions. */
    explanation: text('explanation'),
    /** Where the published text came from: the exam file ('import') or a professor on the desk ('professor'); null without one. */
    explanationSource: text('explanation_source').$type<ExplanationSource>(),
    /** The professor who last published it (null for an imported text). */
    explanationBy: uuid('explanation_by').references(() => users.id, { onDelete: 'set null' }),
    /** The community author credited when a professor promoted a discussion answer into it. */
    explanationCredit: text('explanation_credit'),
    /** Per-alternative comments of the analysis ("por que a C está errada"), by letter. */
    alternativeComments: jsonb('alternative_comments').$type<Record<string, string>>(),
    /** Bumped by every publish, edit or unpublish: an editor sends the version it started from (conflict check). */
    explanationVersion: integer('explanation_version').notNull().default(0),
    explanationUpdatedAt: timestamp('explanation_updated_at', { withTimezone: true }),
    videoUrl: text('video_url'),
    /** Denormalised from the exam so filters need no join. */
    year: integer('year').notNull(),
    board: text('board').notNull(),
    /** Set when a forced re-upload no longer lists this question: kept with its user data. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Set when an admin confirms the question outdated (the law changed): the note students read (ADR 053). */
    outdatedNote: text('outdated_note'),
    outdatedAt: timestamp('outdated_at', { withTimezone: true }),
    /** Fixed per row; the stable random order of the default list walks it from a per-visitor seed. */
    randomKey: doublePrecision('random_key')
      .notNull()
      .default(sql`random()`),
    /** Maintained by the trigger in server/db/sql (unaccented Portuguese text of statement and alternatives). */
    searchVector: tsvector('search_vector'),
    /** The extractor version its citations were read with; null: not read yet (read at start, ADR 055). */
    citationsVersion: integer('citations_version'),
    /** The topic pass's version it was placed with; null: a new, changed or moved question (ADR 092). */
    topicsVersion: integer('topics_version'),
    /**
     * When a re-upload last changed what a student answers (statement, alternatives or key); null:
     * never. An answer to a card shown before it is refused (ADR 097).
     */
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('questions_exam_number_key').on(t.examId, t.number),
    index('questions_discipline_idx').on(t.disciplineId),
    index('questions_year_idx').on(t.year),
    index('questions_board_idx').on(t.board),
    index('questions_difficulty_idx').on(t.difficulty),
    index('questions_random_idx').on(t.randomKey),
    index('questions_search_idx').using('gin', t.searchVector),
    // The few questions no review may show (annulled or removed): Revisão's queue and forecast
    // leave them out without reading the bank (ADR 047).
    index('questions_unreviewable_idx')
      .on(t.id)
      .where(sql`${t.correctAnswer} IS NULL OR ${t.removedAt} IS NOT NULL`),
  ],
)

export const questionTopics = pgTable(
  'question_topics',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    /** 'prediction': the topic model chose it (ADR 092), with its probability; 'file' and 'review' are labels it learns from. */
    source: text('source').$type<TopicSource>().notNull().default('file'),
    confidence: doublePrecision('confidence'),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.topicId] }), index('question_topics_topic_idx').on(t.topicId)],
)

// 'offline': answered on a phone from downloaded questions and sent when the connection returned (issue 39).
export const ATTEMPT_SOURCES = ['list', 'simulado', 'offline'] as const
export type AttemptSource = (typeof ATTEMPT_SOURCES)[number]

export const attempts = pgTable(
  'attempts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    correct: boolean('correct').notNull(),
    /**
     * Seconds from when the card was shown (a signed token the API issued with the card) to the
     * answer, capped at 1800; null when the token was missing, forged or expired (ADR 018).
     */
    elapsedSeconds: integer('elapsed_seconds'),
    /** The user's first attempt at this question (set at insert, under a per-user-question lock). */
    isFirst: boolean('is_first').notNull().default(false),
    /** Where it was answered: the question bank ('list') or a finished simulado (issue 29, ADR 045). */
    source: text('source').$type<AttemptSource>().notNull().default('list'),
    simulationId: integer('simulation_id').references((): AnyPgColumn => simulations.id, { onDelete: 'set null' }),
    /**
     * The id a phone gave an answer it queued offline (issue 39): a second sync of the same answer
     * finds it and records nothing. Null for answers given online.
     */
    clientId: text('client_id'),
    /**
     * The review rating the student chose after answering (2 Difícil, 3 Bom, 4 Fácil; issue 39);
     * null when the automatic one stands (Errei for a wrong answer, Bom or Difícil by the time).
     */
    rating: smallint('rating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attempts_user_question_idx').on(t.userId, t.questionId),
    uniqueIndex('attempts_user_client_idx').on(t.userId, t.clientId),
    // The dashboard's activity, streak and 30-day accuracy read one user's attempts by date.
    // (The weekly ranking reads user_week_stats, so attempts(created_at) went in migration 0008.)
    index('attempts_user_created_idx').on(t.userId, t.createdAt),
    // A question's topics changing moves its answers between the students' topic figures (ADR 092).
    index('attempts_question_idx').on(t.questionId),
  ],
)

/**
 * Desempenho: one row per question and chosen letter, kept by the trigger on attempts in
 * server/db/sql/003-question-stats.sql (every insert adds to it, in the same transaction).
 * Statistics read these few rows, never the attempts (ADR 018).
 */
export const questionAnswerStats = pgTable(
  'question_answer_stats',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    attempts: integer('attempts').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    firstAttempts: integer('first_attempts').notNull().default(0),
    firstCorrect: integer('first_correct').notNull().default(0),
    /** Attempts with a known time, and the sum of their seconds (the average leaves the others out). */
    timed: integer('timed').notNull().default(0),
    timeSum: bigint('time_sum', { mode: 'number' }).notNull().default(0),
    firstTimed: integer('first_timed').notNull().default(0),
    firstTimeSum: bigint('first_time_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.answer] })],
)

/**
 * The student's own figures (the dashboard, ADR 024): per São Paulo day, per discipline and per
 * topic, kept by the trigger on attempts in server/db/sql/004-user-stats.sql in the same
 * transaction as every answer. The dashboard reads these few rows, never the whole history.
 * Derived from attempts, and exported with them: the data export holds every table about a student (issue 61).
 */
export const userDayStats = pgTable(
  'user_day_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    /** First attempts at a question: their sum is the distinct questions answered. */
    firstAttempts: integer('first_attempts').notNull().default(0),
    timeSum: bigint('time_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

export const userDisciplineStats = pgTable(
  'user_discipline_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    correct: integer('correct').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.disciplineId] })],
)

export const userTopicStats = pgTable(
  'user_topic_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    correct: integer('correct').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] })],
)

/**
 * The weekly ranking: per student and São Paulo week (its Monday), the questions answered right
 * at least once that week, every answer, and the last right one. Kept by the trigger in
 * server/db/sql/004-user-stats.sql, so the ranking reads one week's rows, never that week's
 * attempts (at 10M attempts those were 0.5 s a request: bench/README.md).
 */
export const userWeekStats = pgTable(
  'user_week_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    correct: integer('correct').notNull().default(0),
    answers: integer('answers').notNull().default(0),
    lastCorrect: timestamp('last_correct', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] }), index('user_week_stats_week_idx').on(t.week, t.correct)],
)

/** Vídeo: when a user marked (or the player loaded) a question's video; one row per user and question. */
export const videoWatches = pgTable(
  'video_watches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
)

/**
 * Distinct questions a user answered or revealed per week (weeks start Monday,
 * America/Sao_Paulo): the weekly quota counts these rows.
 */
export const questionUsage = pgTable(
  'question_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    weekStart: date('week_start').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart, t.questionId] })],
)

/**
 * The questions a student downloaded to practise offline (issue 39, ADR 056), and when: an answer
 * synced later must be to one of them, given after the download. Downloading again moves the time.
 */
export const offlineDownloads = pgTable(
  'offline_downloads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
)

/** Where an error report stands in the admin queue (/admin/erros). */
export const ERROR_REPORT_STATUSES = ['novo', 'em_analise', 'corrigido', 'descartado'] as const
export type ErrorReportStatus = (typeof ERROR_REPORT_STATUSES)[number]
/** What a student reports: an error in the question, or that the law changed since (ADR 053). */
export const ERROR_REPORT_KINDS = ['erro', 'desatualizada'] as const
export type ErrorReportKind = (typeof ERROR_REPORT_KINDS)[number]

export const errorReports = pgTable(
  'error_reports',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    kind: text('kind').$type<ErrorReportKind>().notNull().default('erro'),
    ip: text('ip'),
    status: text('status').$type<ErrorReportStatus>().notNull().default('novo'),
    /** The admin's answer to the student who reported (shown on their dashboard). */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_reports_status_idx').on(t.status, t.createdAt), index('error_reports_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Discussões: topics on a question, replies, one vote per user per item (the primary keys),
 * flags once per user per item. Posts are plain text. Deleting blanks the text and sets
 * deleted_at (a topic with replies keeps its place as 'mensagem removida'); hiding is the
 * moderators' (students stop seeing the post, admins see it marked).
 */
export const forumTopics = pgTable(
  'forum_topics',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    highlighted: boolean('highlighted').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('forum_topics_question_idx').on(t.questionId), index('forum_topics_user_idx').on(t.userId)],
)

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('forum_replies_topic_idx').on(t.topicId, t.createdAt), index('forum_replies_user_idx').on(t.userId)],
)

/** +1 up, -1 down; no row means no vote. The primary key is the one-vote-per-user rule. */
export const forumTopicVotes = pgTable(
  'forum_topic_votes',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The dashboard's Fórum tab reads one student's votes.
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index('forum_topic_votes_user_idx').on(t.userId, t.createdAt)],
)

export const forumReplyVotes = pgTable(
  'forum_reply_votes',
  {
    replyId: integer('reply_id')
      .notNull()
      .references(() => forumReplies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.userId] }), index('forum_reply_votes_user_idx').on(t.userId, t.createdAt)],
)

/** A report of a topic (reply_id null) or a reply; resolved when a moderator acts on the post. */
export const forumFlags = pgTable(
  'forum_flags',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('forum_flags_topic_user_key')
      .on(t.topicId, t.userId)
      .where(sql`reply_id IS NULL`),
    uniqueIndex('forum_flags_reply_user_key')
      .on(t.replyId, t.userId)
      .where(sql`reply_id IS NOT NULL`),
    index('forum_flags_open_idx')
      .on(t.topicId)
      .where(sql`resolved_at IS NULL`),
  ],
)

/** Plans that can be bought or granted (GRATUITO is the absence of a subscription). */
export const PAID_PLAN_NAMES = ['BASICO', 'PREMIUM', 'PRO'] as const
export type PaidPlanName = (typeof PAID_PLAN_NAMES)[number]

/** 'active' until the period ends without renewal (then 'ended'); cancelling only sets cancel_at_period_end. */
export const SUBSCRIPTION_STATUSES = ['active', 'ended'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** How long a paid period lasts: a catalogue price's period too (plan_prices.period). */
export const BILLING_PERIODS = ['month', 'year'] as const
export type BillingPeriod = (typeof BILLING_PERIODS)[number]

export const PAYMENT_METHODS = ['credit_card', 'paypal', 'pix'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** 'refunded': the provider took the money for a checkout we no longer accept, and gave it back. */
export const PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/**
 * A user's paid or granted plan over time: at most one 'active' row per user (the live one);
 * ended rows stay as history. Card data never reaches us: only the provider's references.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planName: text('plan_name').$type<PaidPlanName>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    /** Null for a complimentary grant with no end date. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** A downgrade waiting for the end of the period. */
    pendingPlanName: text('pending_plan_name').$type<PaidPlanName>(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Provider and method that charge the renewals; null for complimentary grants. */
    provider: text('provider'),
    method: text('method').$type<PaymentMethod>(),
    /** The admin who granted a complimentary plan (null when paid). */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    /** How long a paid period lasts, and so which catalogue price a renewal charges (ADR 042). */
    billingPeriod: text('billing_period').$type<BillingPeriod>().notNull().default('month'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_one_live_per_user')
      .on(t.userId)
      .where(sql`status = 'active'`),
    index('subscriptions_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`status = 'active'`),
    index('subscriptions_created_idx').on(t.createdAt),
  ],
)

/** One row per charge: a checkout for an upgrade, or a renewal at the end of a period. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The unguessable id the user's browser carries through the hosted checkout and back. */
    checkoutId: uuid('checkout_id').notNull().unique().defaultRandom(),
    /** Null once the account is deleted: the payment record itself is kept, as tax law requires. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'checkout' | 'renewal'>().notNull().default('checkout'),
    planName: text('plan_name').$type<PaidPlanName>().notNull(),
    provider: text('provider').notNull(),
    /** The provider's own id for this charge, known once the checkout is created. */
    providerRef: text('provider_ref'),
    method: text('method').$type<PaymentMethod>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** Why a payment was declined or refunded, in Portuguese, shown to the user. */
    failureReason: text('failure_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A Pix charge's copia-e-cola code (BR Code), as the provider issued it. */
    pixCode: text('pix_code'),
    /** When a Pix charge stops being payable; null for the other methods. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The plan period this payment paid for, set when it is approved (the receipt shows it). */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** A month or a year: the period this payment buys (ADR 042). */
    billingPeriod: text('billing_period').$type<BillingPeriod>().notNull().default('month'),
    /** An upgrade's credit for the unused part of the period it replaced, already taken off amount_cents. */
    creditCents: integer('credit_cents').notNull().default(0),
    /** The plan whose unused period was credited ('Crédito do plano Premium não usado'). */
    creditPlanName: text('credit_plan_name').$type<PaidPlanName>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
  ],
)

/** Webhook events already applied: the same event delivered twice changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
)

/**
 * Anotação: a student's private plain-text notes on a question (spec section 3, Note).
 * Deleting the user or the question deletes them.
 */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    ...timestamps,
  },
  (t) => [
    index('notes_user_question_idx').on(t.userId, t.questionId, t.createdAt),
    index('notes_question_idx').on(t.questionId),
    // The dashboard's Comentários tab and recent activity: one student's notes, newest first.
    index('notes_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/**
 * Explicações de alunos (issue 64, ADR 085): one short explanation per student per question,
 * written after a right answer for those who miss it. Hidden by a moderator (hidden_at), or
 * waiting for approval (awaiting_approval: its author had two hidden). Deleting the user or the
 * question deletes them.
 */
export const studentExplanations = pgTable(
  'student_explanations',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Wrong answers the question had when it was written: its audience is those since (ADR 085). */
    wrongBefore: integer('wrong_before').notNull().default(0),
    awaitingApproval: boolean('awaiting_approval').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('student_explanations_question_user_key').on(t.questionId, t.userId),
    index('student_explanations_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/** "Útil": one per student per explanation (the primary key); never on one's own. */
export const explanationVotes = pgTable(
  'explanation_votes',
  {
    explanationId: integer('explanation_id')
      .notNull()
      .references(() => studentExplanations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.explanationId, t.userId] })],
)

/** Reports to the moderators, once per student per explanation; acting on it resolves them. */
export const explanationFlags = pgTable(
  'explanation_flags',
  {
    id: serial('id').primaryKey(),
    explanationId: integer('explanation_id')
      .notNull()
      .references(() => studentExplanations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('explanation_flags_explanation_user_key').on(t.explanationId, t.userId),
    index('explanation_flags_open_idx')
      .on(t.explanationId)
      .where(sql`resolved_at IS NULL`),
  ],
)

/**
 * A moderator hid one of this author's explanations: kept when the author deletes it (the
 * explanation's id goes null), removed when it is restored. Two of them and the author's next
 * explanations wait for approval.
 */
export const explanationStrikes = pgTable(
  'explanation_strikes',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    explanationId: integer('explanation_id').references(() => studentExplanations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('explanation_strikes_user_idx').on(t.userId)],
)

/** Fichário: a student's notebooks (spec section 3, Notebook); color is one of the 10 presets. */
export const notebooks = pgTable(
  'notebooks',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color').notNull(),
    ...timestamps,
  },
  (t) => [index('notebooks_user_idx').on(t.userId, t.createdAt)],
)

/** A question in a notebook (once); deleting either side deletes the row. */
export const notebookQuestions = pgTable(
  'notebook_questions',
  {
    notebookId: integer('notebook_id')
      .notNull()
      .references(() => notebooks.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notebookId, t.questionId] }),
    index('notebook_questions_question_idx').on(t.questionId),
    index('notebook_questions_added_idx').on(t.notebookId, t.addedAt),
  ],
)

/**
 * Assistente de estudos: one student's conversation (spec section 3, Chat message). The
 * API keeps the last 50 per user. A bot message carries the links its reply cites.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'user' | 'bot'>().notNull(),
    content: text('content').notNull(),
    links: jsonb('links').$type<{ label: string; href: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_user_idx').on(t.userId, t.id)],
)

export const SIMULATION_KIND_VALUES = ['exame_ordem', 'prova_anterior', 'personalizado'] as const
export type SimulationKindValue = (typeof SIMULATION_KIND_VALUES)[number]
/** A personalised simulado's filters, as its request named them (server/features/simulations/schemas.ts). */
export type SimulationFiltersValue = {
  discipline_ids?: number[]
  topic_ids?: number[]
  year?: number[]
  exam_board?: string[]
  only_unanswered?: boolean
  only_wrong?: boolean
}
/** A discipline the bank could not fill when the simulado was drawn. */
/**
 * A discipline of the mix the bank cannot fill (issue 63 §3): `discipline_id` null when the bank
 * has no such discipline; `to`, where its missing questions went (absent in sittings drawn before).
 */
export type SimulationShortfall = {
  discipline_id: number | null
  discipline_name: string
  wanted: number
  drawn: number
  to?: { discipline_id: number; discipline_name: string; count: number }[]
}

/**
 * Simulados (issue 29, ADR 045): one sitting. The deadline is kept here (started_at + duration)
 * and read against the server's clock; a sitting past it is closed on its next read. score is
 * written when it ends, so the comparison with the other sittings reads these rows only.
 */
export const simulations = pgTable(
  'simulations',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SimulationKindValue>().notNull(),
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'set null' }),
    filters: jsonb('filters').$type<SimulationFiltersValue>(),
    size: integer('size').notNull(),
    durationMinutes: integer('duration_minutes'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Closed by the deadline rather than delivered by the student. */
    closedByDeadline: boolean('closed_by_deadline').notNull().default(false),
    currentPosition: integer('current_position').notNull().default(1),
    shortfall: jsonb('shortfall').$type<SimulationShortfall[]>().notNull().default([]),
    score: integer('score'),
    passed: boolean('passed'),
  },
  (t) => [
    index('simulations_user_idx').on(t.userId, t.startedAt),
    // The comparison: finished sittings of one exam (or of every Exame de Ordem) by score.
    index('simulations_comparison_idx').on(t.kind, t.examId, t.finishedAt),
    index('simulations_started_idx').on(t.startedAt),
  ],
)

/** A simulado's questions in order, with the student's answer sheet (choice, marked). */
export const simulationQuestions = pgTable(
  'simulation_questions',
  {
    simulationId: integer('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id').notNull(),
    choice: text('choice'),
    marked: boolean('marked').notNull().default(false),
    /** When the choice or the mark was last saved; null while untouched. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.simulationId, t.position] }),
    uniqueIndex('simulation_questions_question_key').on(t.simulationId, t.questionId),
  ],
)

/** The admin's discipline mix of the Exame de Ordem simulado; empty means the booklet's own. */
export const simulationMix = pgTable('simulation_mix', {
  disciplineId: integer('discipline_id')
    .primaryKey()
    .references(() => disciplines.id, { onDelete: 'cascade' }),
  count: integer('count').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The OAB's first-phase distribution of recent exams (ADR 054): the mix when no booklet in the
 * bank qualifies and the admin set no table. By folded name, so a line outlives the bank's
 * disciplines (a discipline the bank lacks is skipped, the others fill the 80).
 */
export const officialMix = pgTable('official_mix', {
  nameKey: text('name_key').primaryKey(),
  name: text('name').notNull(),
  count: integer('count').notNull(),
  position: integer('position').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Revisão (issue 30, ADR 047): one FSRS card (ts-fsrs) per student and question, created by the
 * first answer and moved by every answer. The columns are ts-fsrs's Card; state is its State enum
 * (0 New, 1 Learning, 2 Review, 3 Relearning). The queue reads (user_id, due).
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    state: integer('state').notNull(),
    lastReview: timestamp('last_review', { withTimezone: true }),
    /** The attempt of the last review: "Fácil" re-rates only that one. */
    lastAttemptId: integer('last_attempt_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('review_cards_user_due_idx').on(t.userId, t.due)],
)

/**
 * Every review with its rating and the card as it was before (ts-fsrs's ReviewLog), kept so the
 * FSRS parameters can be optimised from real data later. attempt_id is the answer that made it.
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    attemptId: integer('attempt_id').references(() => attempts.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    state: integer('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    review: timestamp('review', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Reviews done today and the measured retention read one user's logs by time.
    index('review_logs_user_review_idx').on(t.userId, t.review),
    index('review_logs_attempt_idx').on(t.attemptId),
  ],
)

/** A student's review settings and study plan (absent row: the defaults, no plan). */
export const studySettings = pgTable('study_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 0.80–0.95 (ts-fsrs's request_retention). */
  desiredRetention: doublePrecision('desired_retention').notNull().default(0.9),
  dailyLimit: integer('daily_limit').notNull().default(50),
  examDate: date('exam_date', { mode: 'string' }),
  hoursPerWeek: integer('hours_per_week'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The one-time replay of the attempts made before Revisão existed into cards (ADR 047): the
 * users are walked in id order and `cursor` is the last one done, committed with its batch, so a
 * restart carries on where it stopped. finished_at set: done for good.
 */
export const reviewReplay = pgTable('review_replay', {
  id: integer('id').primaryKey(),
  cursor: uuid('cursor'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  users: integer('users').notNull().default(0),
  attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
})

/**
 * The legal basis a question cites (issue 38 §4, ADR 055): one row per norm and article read from
 * its statement, alternatives and analysis. `article` is '' when the norm is named without one.
 */
export const questionCitations = pgTable(
  'question_citations',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    article: text('article').notNull().default(''),
    url: text('url'),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.key, t.article] }), index('question_citations_key_idx').on(t.key, t.questionId)],
)

/**
 * Legislative changes the admin keeps (/admin/legislacao, ADR 053): a question of an affected
 * discipline whose exam was applied before the date in force "pode estar desatualizada". The
 * seeded rows (migration 0020) name their disciplines by folded name in seed_discipline_keys
 * until an admin saves the row's disciplines (then the link table alone holds them).
 */
export const legislativeChanges = pgTable('legislative_changes', {
  id: serial('id').primaryKey(),
  /** Shown on the badge: 'CPC/2015'. */
  label: text('label').notNull(),
  /** The official name and number: 'Lei 13.105/2015 (Código de Processo Civil)'. */
  name: text('name').notNull(),
  inForce: date('in_force', { mode: 'string' }).notNull(),
  note: text('note').notNull().default(''),
  seedDisciplineKeys: text('seed_discipline_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * What the change changed (issue 63 §2, ADR 089): 'discipline', a code replaced whole (every
   * question of its disciplines); 'scope', the norms it replaced (`scopeNorms`, citation keys), the
   * articles it changed (`scopeArticles`, 'clt@art. 58') and, for a question that cites neither,
   * the subjects it is about (`scopeTerms`, phrases read in the statement of its disciplines' questions).
   */
  scopeKind: text('scope_kind').$type<'discipline' | 'scope'>().notNull().default('discipline'),
  scopeNorms: text('scope_norms')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  scopeArticles: text('scope_articles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  scopeTerms: text('scope_terms')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  ...timestamps,
})

export const legislativeChangeDisciplines = pgTable(
  'legislative_change_disciplines',
  {
    changeId: integer('change_id')
      .notNull()
      .references(() => legislativeChanges.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.changeId, t.disciplineId] }), index('legislative_change_disciplines_discipline_idx').on(t.disciplineId)],
)

/**
 * Staff's word on one question's badge by one change (ADR 090): 'confirm' shows it whatever the
 * scope and the dates say, 'remove' hides it. The one rule (server/domain/legislation.ts) reads it.
 */
export const questionOutdatedOverrides = pgTable(
  'question_outdated_overrides',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    changeId: integer('change_id')
      .notNull()
      .references(() => legislativeChanges.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<'confirm' | 'remove'>().notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.changeId] }), index('question_outdated_overrides_change_idx').on(t.changeId, t.decision)],
)

export const ANALYSIS_ACTIONS = ['publish', 'edit', 'unpublish', 'promote', 'import'] as const
export type AnalysisAction = (typeof ANALYSIS_ACTIONS)[number]

/**
 * Every change to a question's analysis, never edited (ADR 059): who, when, what the text became
 * (null when unpublished). `version` is the question's explanation_version after the change.
 */
export const analysisRevisions = pgTable(
  'analysis_revisions',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<AnalysisAction>().notNull(),
    text: text('text'),
    alternativeComments: jsonb('alternative_comments').$type<Record<string, string>>(),
    credit: text('credit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('analysis_revisions_question_version_key').on(t.questionId, t.version),
    index('analysis_revisions_created_idx').on(t.createdAt),
  ],
)
