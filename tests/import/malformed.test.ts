import fs from 'node:fs'
import path from 'node:path'

import { count } from 'drizzle-orm'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { disciplines, exams, questions, questionTopics, topics } from '#server/db/schema'
import { parseDisciplinesFile } from '#server/domain/import/parse-disciplines'
import { parseExamFile } from '#server/domain/import/parse-exam'

import { createTestContext, createTestUser } from '../support/context'

/**
 * The malformed corpus: every file must be refused offline by the parser (except the two
 * that only the database rules refuse) and through the API, with its located message,
 * leaving the database exactly as it was.
 */
const DIR = path.resolve('tests/fixtures/malformed')
const expected: Record<string, { item: string; message: string }> = JSON.parse(fs.readFileSync(path.join(DIR, 'expected.json'), 'utf8'))
const DB_ONLY = new Set(['disciplina-nao-cadastrada.txt', 'assunto-nao-cadastrado.txt'])

function matches(message: string, want: string) {
  return want.startsWith('regex:') ? new RegExp(want.slice(6)).test(message) : message === want
}

let t: Awaited<ReturnType<typeof createTestContext>>
let admin: Awaited<ReturnType<typeof createTestUser>>
beforeAll(async () => {
  t = await createTestContext()
  admin = await createTestUser(t.ctx, { plan: 'ADMIN' })
  const seed = await request(t.app)
    .post('/api/v1/admin/disciplines/upload')
    .set(admin.auth)
    .attach('file', Buffer.from(JSON.stringify({ disciplinas: [{ nome: 'Direito Civil', assuntos: ['Contratos'] }] })), 'base.json')
  expect(seed.status).toBe(200)
})
afterAll(() => t.close())

async function snapshot() {
  const rows = await Promise.all([
    t.db.select({ n: count() }).from(questions),
    t.db.select({ n: count() }).from(exams),
    t.db.select({ n: count() }).from(disciplines),
    t.db.select({ n: count() }).from(topics),
    t.db.select({ n: count() }).from(questionTopics),
  ])
  return rows.map(([r]) => r.n)
}

it('has at least 40 malformed files, each with an expectation', () => {
  const files = fs.readdirSync(DIR).filter((f) => f !== 'expected.json')
  expect(files.length).toBeGreaterThanOrEqual(40)
  expect(files.sort()).toEqual(Object.keys(expected).sort())
})

describe('offline parser', () => {
  it.each(Object.entries(expected).filter(([f]) => !DB_ONLY.has(f)))('%s', (file, want) => {
    const bytes = fs.readFileSync(path.join(DIR, file))
    const result = file.endsWith('.json') ? parseDisciplinesFile(bytes) : parseExamFile(bytes, new Date())
    expect(result.ok).toBe(false)
    if (result.ok) return
    const item = result.errors.find((e) => e.item === want.item)
    expect(item, JSON.stringify(result.errors)).toBeDefined()
    expect(
      item!.errors.some((e) => matches(e.message, want.message)),
      JSON.stringify(item!.errors),
    ).toBe(true)
    // Every message is located: a line or a JSON path.
    for (const e of result.errors.flatMap((x) => x.errors)) expect(e.message).toMatch(/^(linha \d+: |\S*\[\d+\]|disciplinas: )/)
  })
})

describe('through the API', () => {
  it.each(Object.entries(expected))('%s is refused and changes nothing', async (file, want) => {
    const before = await snapshot()
    const url = file.endsWith('.json') ? '/api/v1/admin/disciplines/upload' : '/api/v1/admin/questions/upload-exam-txt'
    const res = await request(t.app)
      .post(url)
      .set(admin.auth)
      .attach('file', fs.readFileSync(path.join(DIR, file)), file)
    expect(res.status).toBe(422)
    expect(res.body.message).toMatch(/^Validação falhou - \d+ erro\(s\) encontrado\(s\)$/)
    const result = res.body.files[0]
    expect(result.success).toBe(false)
    const item = result.validations.find((v: { item: string }) => v.item === want.item)
    expect(item, JSON.stringify(result.validations)).toBeDefined()
    expect(
      item.errors.some((e: { message: string }) => matches(e.message, want.message)),
      JSON.stringify(item.errors),
    ).toBe(true)
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a file over 5 MB while streaming, naming the file', async () => {
    const before = await snapshot()
    const big = Buffer.concat([fs.readFileSync('fixtures/test/hostile.txt'), Buffer.alloc(5 * 1024 * 1024, '#')])
    const res = await request(t.app).post('/api/v1/admin/questions/upload-exam-txt').set(admin.auth).attach('file', big, 'enorme.txt')
    expect(res.status).toBe(422)
    expect(res.body.files[0].message).toBe('Erro no arquivo enorme.txt: arquivo maior que 5 MB')
    expect(await snapshot()).toEqual(before)
  })
})

describe('tricky valid files import through the API', () => {
  it.each(['armadilhas.txt', 'crlf-bom.txt'])('%s', async (file) => {
    const res = await request(t.app)
      .post('/api/v1/admin/questions/upload-exam-txt?force=true')
      .set(admin.auth)
      .attach('file', fs.readFileSync(path.join('tests/fixtures/valid', file)), file)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe('Upload realizado com sucesso!')
    const expectedCount = file === 'armadilhas.txt' ? 3 : 1
    expect(res.body.files[0].processed_questions).toBe(expectedCount)
  })
})
