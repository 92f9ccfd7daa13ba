import * as z from 'zod'

import { defineEndpoint, SuccessMessage } from '../../api/contract'
import { PolicyJson, ProfileJson, UserJson } from '../../domain/account-json'
import { GOOGLE_MESSAGES } from './messages'
import { ForgotPasswordBody, LoginBody, NewPasswordBody, RegisterBody } from './schemas'

// Contas (spec section 7): sign-up, sign-in (password or Google), the session's user, sign-out,
// password recovery and change. Sign-up, sign-in and recovery sit behind rate limits (429).

export { UserJson } from '../../domain/account-json'

export const RegisterReply = z
  .object({ token: z.string(), user: UserJson, policy: PolicyJson, message: z.string() })
  .meta({ id: 'RegisterReply' })
export type RegisterReply = z.output<typeof RegisterReply>

export const LoginReply = z
  .object({
    token: z.string(),
    user: UserJson,
    profile: ProfileJson,
    policy: PolicyJson,
    requires_password_reset: z
      .boolean()
      .meta({ description: 'Entrou com a senha temporária: este token só pode trocar a senha (PUT /auth/change-temporary-password).' }),
    message: z.string(),
  })
  .meta({ id: 'LoginReply' })
export type LoginReply = z.output<typeof LoginReply>

const AuthUrl = z.string().meta({ description: 'O endereço do Google para onde levar o navegador.' })

export const GoogleSession = z.object({
  token: z.string(),
  is_new_user: z.boolean(),
  requires_password_reset: z.literal(false),
  password_removed: z
    .boolean()
    .meta({ description: 'A conta achada pelo email tinha senha, apagada ao ligar o Google (o dono pode criar outra no perfil).' }),
})

/** The query Google sends back (code, state; error when the user refused); other keys pass through. */
const GoogleCallbackQuery = z.looseObject({
  code: z.string({ error: GOOGLE_MESSAGES.invalidCallback }).optional(),
  state: z.string({ error: GOOGLE_MESSAGES.invalidCallback }).optional(),
  error: z.string({ error: GOOGLE_MESSAGES.cancelled }).optional(),
})

const tags = ['Contas']

export const authApi = {
  register: defineEndpoint({
    method: 'post',
    path: '/auth/register',
    summary: 'Cria a conta (plano Gratuito) e já entra, com sessão longa',
    tags,
    auth: 'none',
    body: RegisterBody,
    responses: { 201: RegisterReply },
    errors: [401, 409, 429],
  }),
  login: defineEndpoint({
    method: 'post',
    path: '/auth/login',
    summary: 'Entra com email e senha (ou com a senha temporária, para trocá-la)',
    tags,
    auth: 'none',
    body: LoginBody,
    responses: { 200: LoginReply },
    errors: [401, 429],
  }),
  logout: defineEndpoint({
    method: 'post',
    path: '/auth/logout',
    summary: 'Sai: revoga o token desta sessão',
    tags,
    auth: 'user',
    responses: { 200: SuccessMessage },
  }),
  me: defineEndpoint({
    method: 'get',
    path: '/auth/me',
    summary: 'O usuário desta sessão e o que o plano dele permite agora',
    description:
      'A política é a mesma de GET /policy: uma página que precisa de quem é o usuário e do que ele pode fazer lê os dois numa chamada. `now` é a hora das regras da API: as páginas a usam em vez do relógio da máquina delas.',
    tags,
    auth: 'user',
    responses: {
      200: z.object({
        success: z.literal(true),
        data: UserJson,
        policy: PolicyJson,
        now: z.iso.datetime().meta({ description: 'A hora do relógio das regras (o mesmo que marca as respostas).' }),
      }),
    },
  }),
  forgotPassword: defineEndpoint({
    method: 'post',
    path: '/auth/forgot-password',
    summary: 'Envia uma senha temporária por email (a mesma resposta exista a conta ou não)',
    tags,
    auth: 'none',
    body: ForgotPasswordBody,
    responses: { 200: SuccessMessage },
    errors: [401, 429],
  }),
  changeTemporaryPassword: defineEndpoint({
    method: 'put',
    path: '/auth/change-temporary-password',
    summary: 'Troca a senha temporária; o token vira uma sessão completa',
    tags,
    auth: 'user',
    body: NewPasswordBody,
    responses: { 200: SuccessMessage },
  }),
  changePassword: defineEndpoint({
    method: 'put',
    path: '/auth/change-password',
    summary: 'Troca a senha (a atual é pedida, salvo em conta sem senha); as outras sessões saem',
    tags,
    auth: 'user',
    body: NewPasswordBody,
    responses: { 200: SuccessMessage },
    errors: [403],
  }),
  googleStart: defineEndpoint({
    method: 'get',
    path: '/auth/google',
    summary: 'O endereço para entrar com o Google',
    tags,
    auth: 'none',
    responses: { 200: z.object({ success: z.literal(true), auth_url: AuthUrl, data: z.object({ auth_url: AuthUrl }) }) },
    errors: [401, 502, 503],
  }),
  googleCallback: defineEndpoint({
    method: 'get',
    path: '/auth/google/callback',
    summary: 'Conclui a entrada com o Google: acha a conta pelo Google ou pelo email, ou cria uma',
    tags,
    auth: 'none',
    query: GoogleCallbackQuery,
    responses: { 200: z.object({ success: z.literal(true), data: GoogleSession }) },
    errors: [401, 503],
  }),
}
