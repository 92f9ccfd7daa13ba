import crypto from 'node:crypto'

import { ApiClient } from '../server/client/core'
import { registerStudent, SECRET, sessionCookie } from './harness'

/** One page the phone benchmarks load; `loop`: one of the answer loop's (issue 41's budget). */
export type PhonePage = { name: string; path: string; signedIn: boolean; loop?: boolean }

/**
 * The student whose pages bench:phone and bench:hydration load: Pro (simulados), twenty answers
 * (the wrong ones due again in minutes) and a simulado under way. Its session cookie, and the pages.
 */
export async function phoneStudent(base: string, admin: ApiClient, name: string) {
  const api = `${base}/api/v1`
  const token = await registerStudent(base, name)
  const student = new ApiClient({ baseUrl: api, token })
  const me = (await (await fetch(`${api}/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { id: string } }
  await admin.put(`/admin/users/${me.data.id}/plan`, { json: { plan_name: 'PRO' } })
  const search = await student.get<{ data: { id: number; alternatives: { letter: string }[] }[] }>('/questions/search', {
    query: { per_page: '20' },
  })
  for (const q of search.data)
    await student.post(`/questions/${q.id}/attempts`, { json: { answer: q.alternatives[0]!.letter } }).catch(() => null)
  const sitting = await student.post<{ simulation: { id: number } }>('/simulations', { json: { kind: 'personalizado', size: 20 } })
  const cookie = await sessionCookie(SECRET, token, crypto.randomUUID())
  const pages: PhonePage[] = [
    { name: '/', path: '/', signedIn: false },
    { name: '/questoes (visitante)', path: '/questoes', signedIn: false },
    { name: '/questoes (aluno)', path: '/questoes', signedIn: true },
    { name: 'modo resolução', path: '/questoes/resolver?pos=1', signedIn: true, loop: true },
    { name: 'simulado (questão)', path: `/simulados/${sitting.simulation.id}`, signedIn: true, loop: true },
    { name: '/revisao', path: '/revisao', signedIn: true, loop: true },
    { name: '/dashboard', path: '/dashboard', signedIn: true },
  ]
  return { cookie, pages }
}
