import fs from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { listDisciplines } from '#server/client/admin'
import { call } from '#server/client/call'
import { ApiClient } from '#server/client/core'
import { disciplinesApi } from '#server/features/disciplines/contract'

import { createTestContext, createTestUser } from '../support/context'
import { insertQuestions } from '../support/questions'

// The API routers parse, authorize and call the domain; queries live in server/domain.

const QUERIES = /from 'drizzle-orm'|ctx\.db\.(select|insert|update|delete|execute|transaction)\b/

describe('server/api', () => {
  it('runs no query itself: no drizzle import, no ctx.db call in any router', () => {
    const dir = path.resolve('server/api')
    const offenders = fs
      .readdirSync(dir)
      // The session reads its tokens (issue 62: one module for the token, its cache and the guards).
      .filter((file) => /(?<!session)(?<!\.test)\.ts$/.test(file))
      .filter((file) => QUERIES.test(fs.readFileSync(path.join(dir, file), 'utf8')))
    expect(offenders).toEqual([])
  })
})

describe('server/features/<feature>', () => {
  // A feature's router and contract reach the database only through its domain functions.
  const files = fs
    .readdirSync(path.resolve('server/features'))
    .flatMap((feature) => ['router.ts', 'contract.ts'].map((file) => path.join('server/features', feature, file)))
    .filter((file) => fs.existsSync(file))

  it('has a router and a contract per feature', () => {
    expect(files.length).toBeGreaterThanOrEqual(4)
  })

  it('routers and contracts run no query and import nothing from server/db', () => {
    const offenders = files.filter((file) => {
      const text = fs.readFileSync(file, 'utf8')
      return QUERIES.test(text) || /from '(\.\.\/)+db\/|from '#server\/db\//.test(text)
    })
    expect(offenders).toEqual([])
  })
})

describe('the moved queries answer as before', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>
  let server: Server
  let api: ApiClient
  beforeAll(async () => {
    t = await createTestContext()
    await insertQuestions(t.db, [
      { discipline: 'Direito Penal', topics: ['Penas'], statement: 'Questão viva sobre penas.' },
      { discipline: 'Direito Civil', topics: ['Obrigações', 'Contratos'], statement: 'Questão viva sobre contratos.' },
      { discipline: 'Direito Civil', topics: ['Contratos'], statement: 'Questão removida.', removed: true },
    ])
    server = t.app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    api = new ApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` })
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await t.close()
  })

  it('GET /disciplines has one shape, { success, data }, read as such by both clients', async () => {
    const body = await call(api, disciplinesApi.list)
    expect(body).toEqual({
      success: true,
      data: [
        {
          id: expect.any(Number),
          name: 'Direito Civil',
          // With its live questions: the Assuntos filter offers the topics that have some (issue 65).
          topics: [
            { id: expect.any(Number), name: 'Contratos', questions: 1 },
            { id: expect.any(Number), name: 'Obrigações', questions: 1 },
          ],
          in_filters: true,
        },
        {
          id: expect.any(Number),
          name: 'Direito Penal',
          topics: [{ id: expect.any(Number), name: 'Penas', questions: 1 }],
          in_filters: true,
        },
      ],
    })
    expect(await listDisciplines(api)).toEqual(body.data)
  })

  it('the admin dashboard counts live questions only', async () => {
    const admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    await createTestUser(t.ctx)
    const stats = await request(t.app).get('/api/v1/admin/dashboard/stats').set(admin.auth)
    expect(stats.body).toEqual({
      success: true,
      data: {
        totalQuestions: 2,
        totalStudents: 1,
        totalDisciplines: 2,
        lastUpdated: expect.any(String),
        // Counted apart (issue 64): a professor's analyses and the students' explanations.
        analysedQuestions: 0,
        explainedQuestions: 0,
      },
    })
    const byDiscipline = await request(t.app).get('/api/v1/admin/dashboard/questions-by-discipline').set(admin.auth)
    expect(byDiscipline.body.data).toEqual([
      { name: 'Direito Civil', count: 1 },
      { name: 'Direito Penal', count: 1 },
    ])
    const byTopic = await request(t.app).get('/api/v1/admin/dashboard/questions-by-topic').set(admin.auth)
    expect(byTopic.body.data).toEqual([
      { discipline: 'Direito Civil', topic: 'Contratos', count: 1 },
      { discipline: 'Direito Civil', topic: 'Obrigações', count: 1 },
      { discipline: 'Direito Penal', topic: 'Penas', count: 1 },
    ])
  })

  it('the discipline check matches names loosely and names what is missing', async () => {
    const admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
    const ok = await request(t.app)
      .post('/api/v1/admin/disciplines/search')
      .set(admin.auth)
      .send({ discipline: ' direito  CIVIL', topic: 'contratos' })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toEqual({
      discipline: { id: expect.any(Number), name: 'Direito Civil' },
      topic: { id: expect.any(Number), name: 'Contratos' },
    })
    const noTopic = await request(t.app)
      .post('/api/v1/admin/disciplines/search')
      .set(admin.auth)
      .send({ discipline: 'Direito Civil', topic: 'Posse' })
    expect(noTopic.body).toEqual({ error: 'Assunto não encontrado em Direito Civil: Posse' })
    const none = await request(t.app)
      .post('/api/v1/admin/disciplines/search')
      .set(admin.auth)
      .send({ discipline: 'Direito Agrário', topic: 'x' })
    expect(none.body).toEqual({ error: 'Disciplina não encontrada: Direito Agrário' })
  })
})
