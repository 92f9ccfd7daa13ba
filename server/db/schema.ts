import { sql } from 'drizzle-orm'
import {
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
  university: text('university'),
  course: text('course'),
  year: integer('year'),
  bio: text('bio'),
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

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const disciplines = pgTable('disciplines', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Name folded for matching: lower case, no accents, single spaces (import-formats §1). */
  nameKey: text('name_key').notNull().unique(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('topics_discipline_name_key').on(t.disciplineId, t.nameKey)],
)

export const exams = pgTable('exams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  year: integer('year').notNull(),
  board: text('board').notNull(),
  organization: text('organization'),
  /** (PROVA, ANO, BANCA) folded like names: the exam's identity (import-formats §2). */
  identityKey: text('identity_key').notNull().unique(),
  ...timestamps,
})

export type Alternative = { letter: string; text: string }
export const DIFFICULTIES = ['FACIL', 'MEDIO', 'DIFICIL'] as const
export type Difficulty = (typeof DIFFICULTIES)[number]

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
    difficulty: text('difficulty').$type<Difficulty>().notNull().default('MEDIO'),
    statement: text('statement').notNull(),
    alternatives: jsonb('alternatives').$type<Alternative[]>().notNull(),
    /** A letter; null means the question was annulled. */
    correctAnswer: text('correct_answer'),
    explanation: text('explanation'),
    videoUrl: text('video_url'),
    /** Denormalised from the exam so filters need no join. */
    year: integer('year').notNull(),
    board: text('board').notNull(),
    /** Set when a forced re-upload no longer lists this question: kept with its user data. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Fixed per row; the stable random order of the default list walks it from a per-visitor seed. */
    randomKey: doublePrecision('random_key').notNull().default(sql`random()`),
    /** Maintained by the trigger in server/db/sql (unaccented Portuguese text of statement and alternatives). */
    searchVector: tsvector('search_vector'),
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
  },
  (t) => [primaryKey({ columns: [t.questionId, t.topicId] }), index('question_topics_topic_idx').on(t.topicId)],
)

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attempts_user_question_idx').on(t.userId, t.questionId)],
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

export const errorReports = pgTable('error_reports', {
  id: serial('id').primaryKey(),
  questionId: integer('question_id')
    .notNull()
    .references(() => questions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
