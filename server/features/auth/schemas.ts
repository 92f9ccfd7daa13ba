import * as z from 'zod'

import { MESSAGES } from './account-messages'
import { EMAIL_FORMAT, emailField, nameField, passwordField, PASSWORDS_DIFFER, phoneField } from './account-schemas'

// The request bodies of the accounts API (spec section 7's names: confirm_password,
// new_password, current_password). The pages' forms have their own schemas over the same field
// rules (app/utils/auth-schemas.ts).

export const RegisterBody = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    password: passwordField,
    confirm_password: z.string().optional().meta({ description: 'Opcional; quando enviada, deve ser igual a password.' }),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  })

export const LoginBody = z.object({
  email: emailField,
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória').max(200, MESSAGES.badCredentials),
  remember: z.boolean().optional().meta({ description: 'Sessão longa (lembrar de mim).' }),
})

export const ForgotPasswordBody = z.object({
  email: z
    .string({ error: 'Por favor, digite um email válido' })
    .trim()
    .pipe(z.email({ error: 'Por favor, digite um email válido' }))
    .meta(EMAIL_FORMAT),
})

export const NewPasswordBody = z
  .object({
    current_password: z.string().max(200).optional().meta({ description: 'A senha atual; dispensada em conta sem senha (Google).' }),
    new_password: passwordField,
    confirm_password: z.string({ error: PASSWORDS_DIFFER }),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: PASSWORDS_DIFFER, path: ['confirm_password'] })
