import * as z from 'zod'

import { emailField, nameField, passwordField, PASSWORDS_DIFFER } from '#server/features/auth/account-schemas'
import { GENDERS, MASCOTS, STUDY_TIMES } from '#server/features/profile/profile-messages'

// One schema per form, shared by Conform in the browser (loaded through auth-schemas.forms.ts) and
// the route action.

/**
 * 'As senhas não coincidem' under the confirmation field. Zod skips an object's refinements
 * once a field has failed; `when` runs this one whenever both passwords are text, so a form
 * reports every error in one round (issue 15), not the mismatch only after the rest is fixed.
 */
function passwordsMatch(key: 'password' | 'newPassword') {
  const check = (v: Record<string, unknown>) => v[key] === v.confirmPassword
  const options = {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
    when: (payload: { value: unknown }) => {
      const v = payload.value as Record<string, unknown> | undefined
      return typeof v?.[key] === 'string' && typeof v?.confirmPassword === 'string'
    },
  }
  return [check, options] as const
}

export const LoginFormSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Senha é obrigatória' }),
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
})

export const RegisterFormSchema = z
  .object({
    name: nameField,
    email: emailField,
    phone: z.string().trim().max(30, 'Telefone muito longo').optional(),
    password: passwordField,
    confirmPassword: z.string({ error: 'Confirme a senha' }),
    terms: z.boolean({ error: 'Você precisa aceitar os termos de uso para continuar' }),
  })
  .refine(...passwordsMatch('password'))

export const ForgotFormSchema = z.object({
  email: z
    .string({ error: 'Por favor, digite um email válido' })
    .trim()
    .pipe(z.email({ error: 'Por favor, digite um email válido' })),
})

export const NewPasswordFormSchema = z
  .object({
    newPassword: passwordField,
    confirmPassword: z.string({ error: 'Confirme a nova senha' }),
  })
  .refine(...passwordsMatch('newPassword'))

export const ChangePasswordFormSchema = z
  .object({
    intent: z.literal('password'),
    currentPassword: z.string().optional(),
    newPassword: passwordField,
    confirmPassword: z.string({ error: 'Confirme a nova senha' }),
  })
  .refine(...passwordsMatch('newPassword'))

export const ProfileFormSchema = z.object({
  intent: z.literal('profile'),
  name: nameField,
  phone: z.string().trim().max(30, 'Telefone muito longo').optional(),
  mascot: z.enum(MASCOTS, { error: 'Escolha um dos mascotes' }).optional(),
  birthDate: z.string().optional(),
  gender: z.enum(GENDERS, { error: 'Gênero inválido' }).optional(),
  educationLevel: z.string().trim().max(100).optional(),
  targetExam: z.string().trim().max(100).optional(),
  university: z.string().trim().max(200).optional(),
  course: z.string().trim().max(200).optional(),
  year: z
    .number({ error: 'O ano/período deve ser um número inteiro' })
    .int('O ano/período deve ser um número inteiro')
    .min(0, 'O ano/período deve ser um número inteiro positivo')
    .optional(),
  studyGoal: z.string().trim().max(500).optional(),
  preferredStudyTime: z.enum(STUDY_TIMES, { error: 'Horário de estudo inválido' }).optional(),
  notificationsEnabled: z.boolean().optional(),
  bio: z.string().trim().max(2000, 'A biografia deve ter no máximo 2000 caracteres').optional(),
})
