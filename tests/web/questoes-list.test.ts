import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { AppLoadContext } from '@remix-run/node'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { attempts, questions } from '#server/db/schema'
import { QUESTION_CHANGED } from '#server/features/questions/messages'
import { answerAction } from '~/question/actions.server'
import { LAST_OF_WEEK_MESSAGE } from '~/question/weekly-quota'
import { loadQuestionsPage } from '~/routes/questoes/questoes.server'
import { getToasts } from '~/utils/toast.server'

import { createTestContext, createTestUser } from '../support/context'
import { insertQuestions } from '../support/questions'
import { sessionCookieFor } from '../support/session-cookie'

// Issue 61 §3 and §4 through the /questoes loader and the card's answer action, without JS (the
// form's redirectTo and the POST-redirect-GET): the cards the spent quota closes carry the limit
// message, the answer that took the last question says so in the flash, and a 'Não resolvidas'
// list keeps the question just answered, with its verdict, until the student moves on.

let t: Awaited<ReturnType<typeof createTestContext>>
let server: http.Server
let ids: number[]

beforeAll(async () => {
  t = await createTestContext()
  server = http.createServer(t.app)
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  const bank = await insertQuestions(
    t.db,
    Array.from({ length: 8 }, (_, i) => ({
      discipline: 'Direito Civil',
      topics: ['Geral'],
      statement: `Questão da lista ${i + 1}.`,
      correctAnswer: 'C',
    })),
  )
  ids = bank.questions.map((q) => q.id)
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

const context = { cspNonce: 'n', requestId: 'test', clientIp: '10.0.0.9', documentRequest: false, csrfToken: 't' } as AppLoadContext

type PageData = {
  result: { data: { id: number; tk?: string }[]; quota_locked: number[] }
  reveals: Record<string, { reveal?: { correct_answer: string | null; chosen: string | null } }>
  quotaText: string
}

async function page(url: string, cookie: string) {
  const res = await loadQuestionsPage(new Request(`http://localhost${url}`, { headers: { Cookie: cookie } }), context)
  return (await res.json()) as PageData
}

function answer(id: number, cookie: string, resposta: string, redirectTo?: string, t?: string) {
  const body = new URLSearchParams({ intent: 'responder', resposta, ...(redirectTo ? { redirectTo } : {}), ...(t ? { t } : {}) })
  return answerAction(
    new Request(`http://localhost/questoes/${id}/responder`, { method: 'POST', body, headers: { Cookie: cookie } }),
    context,
    id,
  )
}

describe('/questoes for a Gratuito student (5 questions a week), without JS', () => {
  it('keeps the answered question in "Não resolvidas" with its verdict, says the last of the week, and closes the unopened cards', async () => {
    const student = await createTestUser(t.ctx, { plan: 'GRATUITO' })
    const cookie = await sessionCookieFor(student.token)
    const list = '/questoes?situacao=nao-resolvidas'
    const order = (await page(list, cookie)).result.data.map((q) => q.id)
    expect([...order].sort((a, b) => a - b)).toEqual(ids)
    // Four answers with JS (JSON back): none is the last of the week.
    for (const id of order.slice(0, 4)) {
      const res = (await answer(id, cookie, 'C')) as Response
      expect(await res.json()).toMatchObject({ kind: 'result', correct: true, last_of_week: false })
    }
    // The fifth without JS: back to the list, the question named in the address, the flash says it was the last.
    const fifth = order[4]!
    const res = (await answer(fifth, cookie, 'A', list)) as Response
    expect(res.status).toBe(302)
    const location = res.headers.get('Location')!
    expect(location).toBe(`${list}&revelada=${fifth}&escolha=${fifth}-A#questao-${fifth}`)
    const flash = res.headers.get('Set-Cookie')!.split(';')[0]!
    const { toasts } = await getToasts(new Request('http://localhost/', { headers: { Cookie: flash } }))
    expect(toasts[0]).toMatchObject({
      title: 'Resposta incorreta',
      description: `Continue tentando! Tentativa registrada. ${LAST_OF_WEEK_MESSAGE}`,
    })

    // The list it comes back to: the answered question still in its place, with its verdict (Gabarito C, chose A).
    const after = await page(location.replace(/#.*/, ''), cookie)
    expect(after.result.data.map((q) => q.id)).toEqual(order.slice(4))
    expect(after.reveals[fifth]?.reveal).toMatchObject({ correct_answer: 'C', chosen: 'A' })
    // The three questions not opened this week are closed, with the limit and its renewal day.
    expect([...after.result.quota_locked].sort((a, b) => a - b)).toEqual([...order.slice(5)].sort((a, b) => a - b))
    expect(after.quotaText).toMatch(/^Você atingiu o limite de 5 questões por semana do seu plano\..*Sua cota renova segunda, /)
    // Moving on (the list again, another page or filter): the answered question leaves it.
    expect((await page(list, cookie)).result.data.map((q) => q.id)).toEqual(order.slice(5))
  })
})

describe('a card whose question a re-upload changed after the list showed it (ADR 097)', () => {
  it('is refused and nothing is recorded: without JS back to the list with the warning, with JS the message in the card', async () => {
    const student = await createTestUser(t.ctx, { plan: 'PRO' })
    const cookie = await sessionCookieFor(student.token)
    const shown = (await page('/questoes', cookie)).result.data.slice(0, 2)
    await t.db
      .update(questions)
      .set({ contentChangedAt: new Date(Date.now() + 1000) })
      .where(
        inArray(
          questions.id,
          shown.map((q) => q.id),
        ),
      )
    const [first, second] = shown as [{ id: number; tk: string }, { id: number; tk: string }]

    const res = (await answer(first.id, cookie, 'C', '/questoes', first.tk)) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`/questoes#questao-${first.id}`)
    const flash = res.headers.get('Set-Cookie')!.split(';')[0]!
    const { toasts } = await getToasts(new Request('http://localhost/', { headers: { Cookie: flash } }))
    expect(toasts[0]).toMatchObject({ type: 'warning', title: QUESTION_CHANGED })

    const js = (await answer(second.id, cookie, 'C', undefined, second.tk)) as Response
    expect(js.status).toBe(409)
    expect(await js.json()).toEqual({ kind: 'error', message: QUESTION_CHANGED })
    expect(await t.db.select().from(attempts).where(eq(attempts.userId, student.user.id))).toEqual([])
  })
})
