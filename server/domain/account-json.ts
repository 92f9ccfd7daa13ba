import * as z from 'zod'

// The account as the API answers it (spec section 3: User, Profile, Policy): GET and PUT
// /profile, and the sign-in answers, all send these. Zod only, no database: contracts are
// imported by the pages' loaders. toApiUser, toApiProfile (./auth/accounts.ts) and buildPolicy
// (./policy.ts) must stay assignable to them: every handler returning them is type-checked.

const PLAN_NAMES = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO', 'ADMIN'] as const

export const UserJson = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    avatar_url: z.string().nullable(),
    mascot: z.string().nullable(),
    plan_name: z.enum(PLAN_NAMES).meta({ description: 'ADMIN marca um administrador.' }),
    is_admin: z.boolean(),
    is_professor: z.boolean().meta({ description: 'Escreve análises (professor, ou administrador).' }),
    requires_password_reset: z.boolean().meta({ description: 'Esta sessão só pode trocar a senha.' }),
  })
  .meta({ id: 'User' })
export type UserJson = z.output<typeof UserJson>

export const ProfileJson = z
  .object({
    birth_date: z.string().nullable().meta({ description: 'dd/mm/aaaa.' }),
    gender: z.string().nullable(),
    education_level: z.string().nullable(),
    target_exam: z.string().nullable(),
    study_goal: z.string().nullable(),
    preferred_study_time: z.string().nullable(),
    notifications_enabled: z.boolean(),
    ranking_opt_out: z.boolean(),
    university: z.string().nullable(),
    course: z.string().nullable(),
    year: z.number().int().nullable(),
    bio: z.string().nullable(),
  })
  .meta({ id: 'Profile' })
export type ProfileJson = z.output<typeof ProfileJson>

const flag = z.boolean()

/** The plan's limits (spec section 3's names; -1 is unlimited). */
export const PlanLimitsJson = z
  .object({
    questionsPerWeek: z.number().int(),
    notebooksLimit: z.number().int(),
    hasCommentedQuestions: flag,
    hasNotebooks: flag,
    hasComments: flag,
    hasChat: flag,
    hasAds: flag,
    simulationsPerMonth: z.number().int().meta({ description: 'Simulados de prova anterior por mês (-1 ilimitado).' }),
    hasSimulations: flag.meta({ description: 'Simulados do Exame de Ordem e personalizados.' }),
    hasStudyPlan: flag.meta({ description: 'Plano de estudos (data da prova, horas por semana, metas da semana).' }),
  })
  .meta({ id: 'PlanLimits' })

export const PolicyJson = z
  .object({
    plan_name: z.enum(PLAN_NAMES),
    limits: PlanLimitsJson,
    toggles: z
      .object({
        notebooksEnabled: flag,
        commentsEnabled: flag,
        chatEnabled: flag,
        adsEnabled: flag,
        commentedQuestionsEnabled: flag,
        simulationsEnabled: flag,
      })
      .meta({ description: 'Os recursos ligados pelo administrador (spec, seção 3).' }),
    usage: z.object({
      questionsThisWeek: z.number().int(),
      questionsRemainingThisWeek: z.number().int().nullable().meta({ description: 'null: sem limite.' }),
      notebooksCreated: z.number().int(),
      weekStart: z.iso.date(),
    }),
    features: z
      .object({
        notebooks: flag,
        comments: flag,
        chat: flag,
        ads: flag,
        commentedQuestions: flag,
        simulations: flag.meta({ description: 'Algum simulado (a prova anterior dentro do limite do mês).' }),
        fullSimulations: flag.meta({ description: 'Todos os simulados: Exame de Ordem e personalizados também.' }),
      })
      .meta({ description: 'Recurso → disponível (o plano permite e o administrador ligou).' }),
  })
  .meta({ id: 'Policy' })
export type PolicyJson = z.output<typeof PolicyJson>

/** user + profile + policy: GET /profile, and the base of what PUT /profile answers. */
export const AccountJson = z.object({ user: UserJson, profile: ProfileJson, policy: PolicyJson }).meta({ id: 'Account' })
export type AccountJson = z.output<typeof AccountJson>
