import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { and, count, eq } from 'drizzle-orm'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { exams, questions, users } from '#server/db/schema'

import { runCli } from '../support/cli'
import { createTestContext, createTestUser } from '../support/context'
import { OAB_DIR } from '../support/oab'

/** Runs the CLI as a user would (the bundled `gabarita` bin), with no credentials but these. */
function cli(args: string[], env: Record<string, string | undefined> = {}, input?: string) {
  return runCli(args, { GABARITA_TOKEN: undefined, GABARITA_API_URL: undefined, XDG_CONFIG_HOME: configHome, ...env }, input)
}

let t: Awaited<ReturnType<typeof createTestContext>>
let server: ReturnType<typeof t.app.listen>
let api: string
let configHome: string
const password = 'senha-admin-123'
const email = `admin-cli-${Date.now()}@teste.gabarita`

beforeAll(async () => {
  configHome = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-cli-'))
  t = await createTestContext()
  server = t.app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  const reg = await request(t.app).post('/api/v1/auth/register').send({ name: 'Admin CLI', email, password })
  expect(reg.status).toBe(201)
  await t.db.update(users).set({ planName: 'ADMIN' }).where(eq(users.email, email))
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
  await t.close()
  fs.rmSync(configHome, { recursive: true, force: true })
})

describe('gabarita validate (offline)', () => {
  it('passes valid files and directories with exit 0', async () => {
    const run = await cli(['validate', 'fixtures/provas', 'fixtures/disciplinas.json'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('OK    fixtures/provas/simulado-gabarita-2022.txt: 21 questões')
    expect(run.stdout).toMatch(/Resumo: 4 arquivo\(s\), 4 válido\(s\), 0 inválido\(s\), 64 questões, 0 erro\(s\)/)
  })

  it('prints every error with file and line and exits 1', async () => {
    const run = await cli([
      'validate',
      'tests/fixtures/malformed/letras-fora-de-ordem.txt',
      'tests/fixtures/malformed/json-sem-nome.json',
      'fixtures/provas/*.txt',
    ])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      'tests/fixtures/malformed/letras-fora-de-ordem.txt: QUESTAO 1: linha 11: alternativa C fora de ordem: esperada a letra B (as letras devem ser consecutivas a partir de A)',
    )
    expect(run.stdout).toContain('tests/fixtures/malformed/json-sem-nome.json: disciplinas[3]: disciplinas[3].nome: obrigatório')
    expect(run.stdout).toContain('OK    fixtures/provas/simulado-aprova-2023.txt: 21 questões')
    expect(run.stdout).toMatch(/2 inválido\(s\)/)
  })

  it('--json gives a machine-readable report', async () => {
    const run = await cli(['validate', '--json', 'tests/fixtures/malformed/latin1.txt'])
    expect(run.code).toBe(1)
    const report = JSON.parse(run.stdout)
    expect(report.summary).toMatchObject({ files: 1, invalid: 1 })
    expect(report.files[0].errors[0].errors[0].message).toMatch(/^linha 9: o arquivo não está em UTF-8 válido/)
  })
})

describe('gabarita login and upload', () => {
  it('refuses uploads without a token, with a bad token and when the API is down, in one line', async () => {
    const none = await cli(['upload', 'exams', 'fixtures/provas', '--api', api])
    expect(none.code).toBe(1)
    expect(none.stderr.trim()).toBe('Nenhum token encontrado: rode "gabarita login" ou defina GABARITA_TOKEN (ou --token).')
    const bad = await cli(['upload', 'exams', 'fixtures/provas', '--api', api, '--token', 'token-falso'])
    expect(bad.code).toBe(1)
    expect(bad.stderr.trim()).toBe('Não autorizado (Sessão expirada): rode "gabarita login" de novo ou confira o token.')
    const down = await cli(['upload', 'exams', 'fixtures/provas'], { GABARITA_API_URL: 'http://127.0.0.1:9/api/v1', GABARITA_TOKEN: 'x' })
    expect(down.code).toBe(1)
    expect(down.stderr.trim()).toBe(
      'Erro de conexão: não foi possível acessar http://127.0.0.1:9/api/v1. Verifique --api ou GABARITA_API_URL.',
    )
    expect(down.stderr).not.toMatch(/at .*\.ts:\d+/)
  })

  it('a student token is refused with a clear line', async () => {
    const student = await createTestUser(t.ctx)
    const run = await cli(['upload', 'disciplines', 'fixtures/disciplinas.json', '--api', api], { GABARITA_TOKEN: student.token })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe('Acesso negado (Acesso restrito a administradores): entre com uma conta de administrador.')
  })

  it('login stores the token with mode 0600; a wrong password is one line', async () => {
    const wrong = await cli(['login', '--email', email, '--password', 'errada', '--api', api])
    expect(wrong.code).toBe(1)
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1)
    expect(wrong.stderr).toMatch(/^Falha no login: /)
    // The password is read from stdin when not given, and not echoed.
    const run = await cli(['login', '--email', email, '--api', api], {}, `${password}\n`)
    expect(run.stderr, run.stderr).not.toContain(password)
    expect(run.code).toBe(0)
    const file = path.join(configHome, 'gabarita', 'credentials.json')
    expect(run.stdout).toContain(`Login realizado com sucesso! Token salvo em ${file}`)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ api, email, token: expect.any(String) })
  })

  it('--dry-run validates without sending anything', async () => {
    const before = await t.db.select({ n: count() }).from(questions)
    const run = await cli(['upload', 'exams', 'fixtures/provas', '--dry-run'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('válido (--dry-run: não enviado)')
    expect(await t.db.select({ n: count() }).from(questions)).toEqual(before)
  })

  it('uploads disciplines, then the demo exams (stored token), one plain line per file off a TTY', async () => {
    const d = await cli(['upload', 'disciplines', 'fixtures/disciplinas.json'])
    expect(d.code).toBe(0)
    expect(d.stdout).toMatch(/OK {4}fixtures\/disciplinas\.json: 20 disciplina\(s\) e \d+ assunto\(s\) novos/)
    const run = await cli(['upload', 'exams', 'fixtures/provas'])
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain('OK    fixtures/provas/simulado-gabarita-2024.txt: 22 questões (novas 22, atualizadas 0, removidas 0)')
    // How each question got its discipline, on the line below (issue 63 §1): all by the file here.
    expect(run.stdout).toContain('      Disciplinas: 22 pelo arquivo')
    expect(run.stdout).toMatch(/Resumo: 3 arquivo\(s\), 3 enviado\(s\), 0 com erro, 64 questões, 0 erro\(s\)/)
  })

  it('reports a local validation failure and the server refusal of an existing exam, exit 1', async () => {
    const run = await cli(['upload', 'exams', 'fixtures/provas/simulado-aprova-2023.txt', 'tests/fixtures/malformed/seis-alternativas.txt'])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('ERRO  tests/fixtures/malformed/seis-alternativas.txt: Validação falhou - 1 erro(s) encontrado(s)')
    expect(run.stdout).toMatch(/simulado-aprova-2023\.txt: cabeçalho: linha 2: Prova já importada: Simulado Aprova OAB - Revisão Final/)
  })

  it("with the saved login, validate checks the exam's disciplines on the server and says it once", async () => {
    // Issue 37 §5: validate passed an exam whose discipline the server lacked, then upload printed
    // one identical line per question.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-cli-disc-'))
    const exam = path.join(dir, 'disciplina-nova.txt')
    fs.writeFileSync(
      exam,
      fs
        .readFileSync('fixtures/provas/simulado-aprova-2023.txt', 'utf8')
        .replace(/^PROVA: .*$/m, 'PROVA: Simulado Sem Disciplina')
        .replace(/^DISCIPLINA: .*$/gm, 'DISCIPLINA: Direito Espacial')
        .replace(/^ASSUNTOS: .*\n/gm, ''),
    )
    const topics = path.join(dir, 'assunto-novo.txt')
    fs.writeFileSync(
      topics,
      fs
        .readFileSync('fixtures/provas/simulado-aprova-2023.txt', 'utf8')
        .replace(/^PROVA: .*$/m, 'PROVA: Simulado Assunto Novo')
        .replace(/^ASSUNTOS: .*$/gm, 'ASSUNTOS: Assunto Inexistente'),
    )
    const json = path.join(dir, 'disciplina-nova.json')
    fs.writeFileSync(json, JSON.stringify({ disciplinas: [{ nome: 'Direito Espacial', assuntos: [] }] }))
    try {
      const run = await cli(['validate', exam])
      expect(run.code, run.stdout + run.stderr).toBe(1)
      expect(run.stdout).toContain(`ERRO  ${exam}: 1 erro(s)`)
      expect(run.stdout).toContain(
        `${exam}: disciplinas: 1 disciplina não cadastrada no servidor: Direito Espacial (21 questões) — envie o JSON de disciplinas antes, ou use --force`,
      )
      expect(run.stdout).toContain(`Disciplinas e assuntos conferidos em ${api}`)
      // Topics the server lacks under a discipline it has, likewise.
      const topicRun = await cli(['validate', topics])
      expect(topicRun.code).toBe(1)
      expect(topicRun.stdout).toMatch(
        /assuntos: \d+ assuntos não cadastrados no servidor: Assunto Inexistente \(em [^)]+\), .* — envie o JSON de disciplinas antes, ou use --force\n/,
      )
      // Offline, or with the discipline file in the same run, it passes.
      expect((await cli(['validate', exam, '--offline'])).code).toBe(0)
      const both = await cli(['validate', json, exam])
      expect(both.code, both.stdout).toBe(0)
      expect(both.stdout).toMatch(/2 válido\(s\), 0 inválido\(s\)/)
      // Not reachable: said on stderr, and only the local validation counts.
      const down = await cli(['validate', exam, '--api', 'http://127.0.0.1:9/api/v1'])
      expect(down.code).toBe(0)
      expect(down.stderr.trim()).toBe(
        'Aviso: não foi possível consultar as disciplinas em http://127.0.0.1:9/api/v1 (sem conexão); só a validação local foi feita.',
      )

      // The upload's 21 identical refusals are one line, with the count, and what to do.
      const upload = await cli(['upload', 'exams', exam])
      expect(upload.code).toBe(1)
      const lines = upload.stdout.split('\n').filter((line) => line.includes('Disciplina não cadastrada: Direito Espacial'))
      expect(lines).toEqual([
        `  ${exam}: Disciplina não cadastrada: Direito Espacial (21 vezes: QUESTAO 1, QUESTAO 2, QUESTAO 3 e mais 18)`,
      ])
      expect(upload.stdout).toContain(
        `  ${exam}: envie antes o JSON de disciplinas (gabarita upload disciplines <arquivo.json>), ou reenvie com --force`,
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('--help says where the login is saved, and that it keeps the API address', async () => {
    const file = path.join(configHome, 'gabarita', 'credentials.json')
    for (const args of [['--help'], ['login', '--help']]) {
      const run = await cli(args)
      expect(run.code).toBe(0)
      const text = run.stdout.replace(/\s+/g, ' ')
      expect(text).toContain(`O login fica salvo em ${file}`)
      expect(text).toContain('o token e o endereço da API em que você entrou')
      expect(text).toContain('Os outros comandos usam esse endereço quando não há --api nem GABARITA_API_URL')
    }
  })

  // Two imports of 9 real exams through the CLI's processes: longer than the suite's 30 s on a busy machine.
  it('uploads the 9 real exams in batches with --json and exact counts, then again with --force', async () => {
    const discs = await cli(['upload', 'disciplines', path.join(OAB_DIR, 'disciplinas-oab.json'), '--api', api])
    expect(discs.code).toBe(0)
    const run = await cli(['upload', 'exams', OAB_DIR, '--json', '--api', api])
    expect(run.code, run.stderr).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report.summary).toMatchObject({ files: 9, succeeded: 9, failed: 0, questions: 760, errors: 0 })
    for (const file of report.files) {
      const expected = (fs.readFileSync(path.join(OAB_DIR, file.filename), 'utf8').match(/^QUESTAO:/gm) ?? []).length
      expect(file.processed_questions).toBe(expected)
    }
    const ids = await t.db.select({ id: questions.id }).from(questions)
    // 12 files: two requests (the API takes at most 10 exams per upload).
    const again = await cli(['upload', 'exams', OAB_DIR, 'fixtures/provas', '--json', '--force', '--api', api])
    expect(again.code, again.stderr).toBe(0)
    expect(JSON.parse(again.stdout).summary).toMatchObject({ files: 12, succeeded: 12, questions: 760 + 64 })
    const after = await t.db.select({ id: questions.id }).from(questions)
    expect(after.map((r) => r.id).sort()).toEqual(ids.map((r) => r.id).sort())
    const search = await request(t.app)
      .get('/api/v1/questions/search')
      .query({ search_term: 'Conselho Nacional de Justiça' })
      .set((await createTestUser(t.ctx)).auth)
    expect(JSON.stringify(search.body.data)).toContain('A respeito do Conselho Nacional de Justiça é correto afirmar que')
  }, 120_000)
})

describe('gabarita analyses export and import', () => {
  it('exports an exam with its analyses, imports the COMENTARIO written offline, and reports a conflict', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-analises-'))
    const [exam] = await t.db.select().from(exams).where(eq(exams.name, 'Simulado Gabarita OAB 1ª Fase - Edição 2022'))
    const exported = await cli(['analyses', 'export', '--exam', String(exam.id), '--out', out, '--api', api])
    expect(exported.code, exported.stderr).toBe(0)
    const file = exported.stdout.split(':')[0]
    expect(path.dirname(file)).toBe(out)
    expect(exported.stdout).toMatch(/-analises\.txt: 21 questões, \d+ com análise\n$/)
    const text = fs.readFileSync(file, 'utf8')
    expect(text).toContain('QUESTAO: 1\n# versão da análise: ')
    // Question 2 written offline; question 3 changed on the site after the export.
    fs.writeFileSync(
      file,
      text.replace(/(QUESTAO: 2\n[\s\S]*?COMENTARIO:\n)[\s\S]*?(\nQUESTAO: 3\n)/, '$1Escrito offline pela equipe.\n$2'),
    )
    const edited = fs
      .readFileSync(file, 'utf8')
      .replace(/(QUESTAO: 3\n[\s\S]*?COMENTARIO:\n)[\s\S]*?(\nQUESTAO: 4\n)/, '$1Versão do arquivo.\n$2')
    fs.writeFileSync(file, edited)
    const q3 = (
      await t.db
        .select()
        .from(questions)
        .where(and(eq(questions.examId, exam.id), eq(questions.number, 3)))
    )[0]
    await t.db
      .update(questions)
      .set({ explanation: 'Mudou no site.', explanationVersion: q3.explanationVersion + 1 })
      .where(eq(questions.id, q3.id))
    const imported = await cli(['analyses', 'import', file, '--api', api])
    expect(imported.code).toBe(1)
    expect(imported.stdout).toMatch(/: .+ · publicadas 1, atualizadas 0, iguais \d+, sem COMENTARIO \d+\n/)
    expect(imported.stdout).toContain('CONFLITO questão 3: A análise mudou desde a exportação')
    const [q2] = await t.db
      .select()
      .from(questions)
      .where(and(eq(questions.examId, exam.id), eq(questions.number, 2)))
    expect(q2).toMatchObject({ explanation: 'Escrito offline pela equipe.', explanationSource: 'professor' })
    const student = await createTestUser(t.ctx)
    const refused = await cli(['analyses', 'export', '--exam', String(exam.id), '--out', out, '--api', api, '--token', student.token])
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe('Acesso negado (Acesso restrito a professores): entre com uma conta de professor ou administrador.')
    fs.rmSync(out, { recursive: true, force: true })
  })
})
