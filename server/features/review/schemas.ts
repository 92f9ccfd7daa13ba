import * as z from 'zod'

import {
  CHOSEN_RATINGS,
  DAILY_LIMIT_MAX,
  DAILY_LIMIT_MESSAGE,
  DAILY_LIMIT_MIN,
  EXAM_DATE_MESSAGE,
  HOURS_MESSAGE,
  HOURS_PER_WEEK_MAX,
  HOURS_PER_WEEK_MIN,
  RATING_MESSAGE,
  RETENTION_MAX,
  RETENTION_MESSAGE,
  RETENTION_MIN,
} from './messages'

// Field rules of Revisão (issue 30), shared by the API (./contract.ts) and the pages' forms
// (Configurações, the study plan).

// The API's bodies are JSON: a number is a JSON number, and nothing else is read into one ("3",
// true). The pages' forms send text, read into numbers by their own fields below.

const retention = z
  .number({ error: RETENTION_MESSAGE })
  .min(RETENTION_MIN, { error: RETENTION_MESSAGE })
  .max(RETENTION_MAX, { error: RETENTION_MESSAGE })
const limitPerDay = z
  .number({ error: DAILY_LIMIT_MESSAGE })
  .int({ error: DAILY_LIMIT_MESSAGE })
  .min(DAILY_LIMIT_MIN, { error: DAILY_LIMIT_MESSAGE })
  .max(DAILY_LIMIT_MAX, { error: DAILY_LIMIT_MESSAGE })
const hoursPerWeek = z
  .number({ error: HOURS_MESSAGE })
  .int({ error: HOURS_MESSAGE })
  .min(HOURS_PER_WEEK_MIN, { error: HOURS_MESSAGE })
  .max(HOURS_PER_WEEK_MAX, { error: HOURS_MESSAGE })

/** The form's retention, 0.80–0.95: "0,9" or "90" (percent) both read as 0.9. */
export const desiredRetention = z.preprocess((v) => {
  if (typeof v !== 'string') return v
  const n = Number(v.trim().replace('%', '').replace(',', '.'))
  if (v.trim() === '' || !Number.isFinite(n)) return v
  return n > 1 ? n / 100 : n
}, retention)

/** The form's daily limit, from its text. */
export const dailyLimit = z.coerce
  .number({ error: DAILY_LIMIT_MESSAGE })
  .int({ error: DAILY_LIMIT_MESSAGE })
  .min(DAILY_LIMIT_MIN, { error: DAILY_LIMIT_MESSAGE })
  .max(DAILY_LIMIT_MAX, { error: DAILY_LIMIT_MESSAGE })

/** PUT /review/settings: either field or both; one not sent keeps its saved value. */
export const ReviewSettingsBody = z
  .object({
    desired_retention: retention.optional().meta({ description: 'Retenção desejada, de 0,80 a 0,95 (padrão 0,90).' }),
    daily_limit: limitPerDay.optional().meta({ description: 'Revisões por dia, de 1 a 500 (padrão 50).' }),
  })
  .meta({ id: 'ReviewSettingsInput', description: 'Só os campos enviados mudam; os outros ficam como estão.' })
export type ReviewSettingsBody = z.output<typeof ReviewSettingsBody>

const examDate = z
  .string({ error: EXAM_DATE_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: EXAM_DATE_MESSAGE })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: EXAM_DATE_MESSAGE,
  })

const hoursDescription = `Horas de estudo por semana (${HOURS_PER_WEEK_MIN} a ${HOURS_PER_WEEK_MAX}).`

export const StudyPlanBody = z
  .object({
    exam_date: examDate.meta({ description: 'Data da prova (AAAA-MM-DD, de hoje em diante pelo relógio do servidor).' }),
    hours_per_week: hoursPerWeek.meta({ description: hoursDescription }),
  })
  .meta({ id: 'StudyPlanInput' })

/** The study plan's form fields: the same rules, the hours read from the form's text. */
export const studyPlanFields = {
  exam_date: examDate,
  hours_per_week: z.coerce
    .number({ error: HOURS_MESSAGE })
    .int({ error: HOURS_MESSAGE })
    .min(HOURS_PER_WEEK_MIN, { error: HOURS_MESSAGE })
    .max(HOURS_PER_WEEK_MAX, { error: HOURS_MESSAGE })
    .meta({ description: hoursDescription }),
}

/** The rating a student gives a right answer after seeing it (issue 39): Difícil, Bom or Fácil. */
export const RateBody = z
  .object({
    rating: z.enum(CHOSEN_RATINGS, { error: RATING_MESSAGE }).meta({ description: 'hard (Difícil), good (Bom) ou easy (Fácil).' }),
  })
  .meta({ id: 'ReviewRateBody' })
