import * as z from 'zod'

import { defineEndpoint } from '../../api/contract'
import { AccountJson } from '../../domain/account-json'
import { UpdateProfileSchema } from './schemas'

// Perfil (spec section 7): the signed-in user's account (user, profile, plan policy) and its
// update. A field left out of PUT keeps its value; one sent empty or null is cleared.

export { AccountJson } from '../../domain/account-json'

export const ProfileUpdateReply = AccountJson.extend({ success: z.literal(true), message: z.string() }).meta({ id: 'ProfileUpdated' })

const tags = ['Perfil']

export const profileApi = {
  get: defineEndpoint({
    method: 'get',
    path: '/profile',
    summary: 'A conta de quem entrou: usuário, perfil e política do plano',
    tags,
    auth: 'user',
    responses: { 200: AccountJson },
  }),
  update: defineEndpoint({
    method: 'put',
    path: '/profile',
    summary: 'Atualiza os campos enviados do perfil (os ausentes ficam como estão)',
    tags,
    auth: 'user',
    body: UpdateProfileSchema,
    responses: { 200: ProfileUpdateReply },
  }),
}
