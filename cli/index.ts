#!/usr/bin/env node
import fs from 'node:fs'
import path from 'node:path'

import cliProgress from 'cli-progress'
import { Command, Option } from 'commander'

import { adminBillingApi } from '#server/features/plans/admin-contract'

import type { DisciplineWithTopics, UploadFileResult } from '../server/client/admin'
import { importAnalyses, listDisciplines, uploadDisciplines, uploadExams } from '../server/client/admin'
import { call } from '../server/client/call'
import { ApiClient, ApiError } from '../server/client/core'
import type { ParsedDiscipline } from '../server/domain/import/parse-disciplines'
import { parseDisciplinesFile } from '../server/domain/import/parse-disciplines'
import type { ParsedExam } from '../server/domain/import/parse-exam'
import { parseExamFile } from '../server/domain/import/parse-exam'
import type { ItemErrors } from '../server/domain/import/text-file'
import { MAX_DISCIPLINE_FILES, MAX_EXAM_FILES } from '../server/domain/import/text-file'
import { nameKey } from '../server/domain/text'
import { classificationLine } from '../server/features/admin/import-messages'
import { analysesApi } from '../server/features/analyses/contract'
import { authApi } from '../server/features/auth/contract'
import type { ModelJson } from '../server/features/classification/contract'
import { classificationApi } from '../server/features/classification/contract'
import { MODEL_ORIGIN_LABELS } from '../server/features/classification/messages'
import { credentialsPath, readCredentials, saveCredentials } from './credentials'
import { expandInputs } from './files'
import { prompt } from './prompt'

const DEFAULT_API = 'http://localhost:3000/api/v1'
/** Where the commands other than login find the API when --api is not given (apiUrl). */
const API_DEFAULTS = `GABARITA_API_URL, o endereço do login salvo ou ${DEFAULT_API}`

/** A failure the user can act on: printed as one line, exit code 1, never a stack trace. */
class CliError extends Error {}

type Kind = 'exam' | 'disciplines'
type LocalCheck = {
  file: string
  kind: Kind | null
  ok: boolean
  questions: number
  errors: ItemErrors[]
  /** What a valid file holds, for the check against the server's disciplines. */
  exam?: ParsedExam
  disciplines?: ParsedDiscipline[]
}

function kindOf(file: string): Kind | null {
  const ext = path.extname(file).toLowerCase()
  return ext === '.txt' ? 'exam' : ext === '.json' ? 'disciplines' : null
}

/** Offline validation with the same parser the API uses. */
function checkFile(file: string, expected?: Kind): LocalCheck {
  const kind = kindOf(file)
  const fail = (message: string): LocalCheck => ({
    file,
    kind,
    ok: false,
    questions: 0,
    errors: [{ item: 'arquivo', errors: [{ message }] }],
  })
  if (!kind || (expected && kind !== expected)) {
    return fail(
      `Tipo de arquivo não suportado: ${path.basename(file)} (use ${expected === 'disciplines' ? '.json' : expected === 'exam' ? '.txt' : '.txt ou .json'})`,
    )
  }
  let bytes: Buffer
  try {
    bytes = fs.readFileSync(file)
  } catch (error) {
    return fail(`não foi possível ler o arquivo (${(error as NodeJS.ErrnoException).code ?? 'erro'})`)
  }
  if (kind === 'exam') {
    const result = parseExamFile(bytes, new Date())
    return result.ok
      ? { file, kind, ok: true, questions: result.exam.questions.length, errors: [], exam: result.exam }
      : { file, kind, ok: false, questions: 0, errors: result.errors }
  }
  const result = parseDisciplinesFile(bytes)
  return result.ok
    ? { file, kind, ok: true, questions: 0, errors: [], disciplines: result.disciplines }
    : { file, kind, ok: false, questions: 0, errors: result.errors }
}

const AT_LINE = /^linha \d+: /

/** `a, b, c e mais 7`: a long list cut to its first few. */
function someOf(list: string[], shown = 3) {
  return list.length > shown ? `${list.slice(0, shown).join(', ')} e mais ${list.length - shown}` : list.join(', ')
}

/**
 * One line per error, with its item and line; the same message repeated (a discipline the server
 * lacks, on each of 240 questions) is one line with how many times and where.
 */
function errorLines(file: string, errors: { item: string; errors: { message: string }[] }[]) {
  const groups = new Map<string, { first: string; items: string[] }>()
  for (const item of errors)
    for (const e of item.errors) {
      const key = e.message.replace(AT_LINE, '')
      const group = groups.get(key)
      if (group) group.items.push(item.item)
      else groups.set(key, { first: `${item.item}: ${e.message}`, items: [item.item] })
    }
  return [...groups].map(([message, { first, items }]) =>
    items.length === 1 ? `  ${file}: ${first}` : `  ${file}: ${message} (${items.length} vezes: ${someOf(items)})`,
  )
}

/** Disciplines and topics missing on the server: what an upload without --force refuses. */
const NOT_REGISTERED = /^(linha \d+: )?(Disciplina não cadastrada|Assunto não cadastrado): /
const REGISTER_FIRST = 'envie o JSON de disciplinas antes, ou use --force'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

type KnownDisciplines = Map<string, { topics: Set<string> }>

const topicNames = (d: DisciplineWithTopics) => d.topics.map((t) => t.name)

/** The server's disciplines and topics, plus those of the discipline files in the same run. */
function knownDisciplines(server: DisciplineWithTopics[], local: ParsedDiscipline[]): KnownDisciplines {
  const known: KnownDisciplines = new Map()
  const add = (name: string, topics: string[]) => {
    const entry = known.get(nameKey(name)) ?? { topics: new Set<string>() }
    for (const topic of topics) entry.topics.add(nameKey(topic))
    known.set(nameKey(name), entry)
  }
  for (const d of server) add(d.name, topicNames(d))
  for (const d of local)
    add(
      d.name,
      d.topics.map((t) => t.name),
    )
  return known
}

/** An exam's disciplines and topics the server does not have, summed up (none: no items). */
function missingOnServer(exam: ParsedExam, known: KnownDisciplines): ItemErrors[] {
  const disciplines = new Map<string, { name: string; questions: number }>()
  const topics = new Map<string, string>()
  for (const q of exam.questions) {
    // "Não classificada": the server predicts it (ADR 051), nothing to register first.
    const discipline = q.discipline
    if (discipline === null) continue
    const found = known.get(nameKey(discipline))
    if (!found) {
      const entry = disciplines.get(nameKey(discipline)) ?? { name: discipline, questions: 0 }
      entry.questions += 1
      disciplines.set(nameKey(discipline), entry)
      continue
    }
    for (const topic of q.topics)
      if (!found.topics.has(nameKey(topic))) topics.set(`${nameKey(discipline)}|${nameKey(topic)}`, `${topic} (em ${discipline})`)
  }
  const items: ItemErrors[] = []
  if (disciplines.size) {
    const names = [...disciplines.values()].map((d) => `${d.name} (${plural(d.questions, 'questão', 'questões')})`)
    const count = disciplines.size === 1 ? '1 disciplina não cadastrada' : `${disciplines.size} disciplinas não cadastradas`
    items.push({ item: 'disciplinas', errors: [{ message: `${count} no servidor: ${someOf(names, 10)} — ${REGISTER_FIRST}` }] })
  }
  if (topics.size) {
    const count = topics.size === 1 ? '1 assunto não cadastrado' : `${topics.size} assuntos não cadastrados`
    items.push({ item: 'assuntos', errors: [{ message: `${count} no servidor: ${someOf([...topics.values()], 10)} — ${REGISTER_FIRST}` }] })
  }
  return items
}

/** With a saved login (or a token), the server's disciplines; null offline or when it cannot be reached. */
async function serverDisciplines(api: string, opts: { offline?: boolean; api?: string }) {
  const loggedIn = readCredentials() !== null || Boolean(process.env.GABARITA_TOKEN)
  if (opts.offline || (!loggedIn && !opts.api)) return { list: null, warning: null }
  try {
    return { list: await listDisciplines(new ApiClient({ baseUrl: api, timeoutMs: 30_000 })), warning: null }
  } catch (error) {
    const why = error instanceof ApiError ? (error.status === 0 ? 'sem conexão' : `erro ${error.status}: ${error.message}`) : String(error)
    return { list: null, warning: `Aviso: não foi possível consultar as disciplinas em ${api} (${why}); só a validação local foi feita.` }
  }
}

function errorCount(errors: { errors: unknown[] }[]) {
  return errors.reduce((n, item) => n + item.errors.length, 0)
}

function apiUrl(opts: { api?: string }) {
  return opts.api || process.env.GABARITA_API_URL || readCredentials()?.api || DEFAULT_API
}

function tokenFor(opts: { token?: string }) {
  const token = opts.token || process.env.GABARITA_TOKEN || readCredentials()?.token
  if (!token) throw new CliError('Nenhum token encontrado: rode "gabarita login" ou defina GABARITA_TOKEN (ou --token).')
  return token
}

/** Turns API failures into one clear line. */
function explain(error: unknown, api: string, role = 'administrador'): never {
  if (error instanceof CliError) throw error
  if (error instanceof ApiError) {
    if (error.status === 0) throw new CliError(`Erro de conexão: não foi possível acessar ${api}. Verifique --api ou GABARITA_API_URL.`)
    if (error.status === 401) throw new CliError(`Não autorizado (${error.message}): rode "gabarita login" de novo ou confira o token.`)
    if (error.status === 403) throw new CliError(`Acesso negado (${error.message}): entre com uma conta de ${role}.`)
    throw new CliError(`Erro da API (${error.status}): ${error.message}`)
  }
  throw new CliError(`Erro inesperado: ${(error as Error)?.message ?? String(error)}`)
}

/** Where `gabarita login` keeps the token and the API's address, as --help says it. */
function savedLoginHelp() {
  return [
    `O login fica salvo em ${credentialsPath()} (só para o seu usuário): o token e o endereço da API`,
    'em que você entrou. Os outros comandos usam esse endereço quando não há --api nem GABARITA_API_URL,',
    'e esse token quando não há --token nem GABARITA_TOKEN.',
  ].join('\n')
}

function formatMs(ms: number) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
}

const program = new Command()
program
  .name('gabarita')
  .description('Ferramentas de administração do Gabarita: validar e enviar provas e disciplinas')
  .showHelpAfterError('(use --help para ver as opções)')
  .configureOutput({ outputError: (str, write) => write(str) })
  .addHelpText('after', () => `\n${savedLoginHelp()}`)

program
  .command('validate')
  .summary('Valida provas (.txt) e disciplinas (.json); com login salvo, confere as disciplinas no servidor')
  .description(
    'Valida arquivos de prova (.txt) e de disciplinas (.json) com o mesmo leitor da API; com login salvo, confere também se as disciplinas e os assuntos das provas existem no servidor',
  )
  .argument('<arquivos...>', 'arquivos, pastas ou padrões (ex.: provas/*.txt)')
  .option('--json', 'saída em JSON')
  .option('--offline', 'não consulta o servidor (só a validação local)')
  .option('--api <url>', `endereço da API a consultar (padrão: ${API_DEFAULTS})`)
  .action(async (inputs: string[], opts: { json?: boolean; offline?: boolean; api?: string }) => {
    const started = performance.now()
    const { files, missing } = expandInputs(inputs, ['.txt', '.json'])
    const checks = files.map((f) => checkFile(f))
    for (const m of missing)
      checks.push({
        file: m,
        kind: null,
        ok: false,
        questions: 0,
        errors: [{ item: 'arquivo', errors: [{ message: 'arquivo ou pasta não encontrado' }] }],
      })
    if (checks.length === 0) throw new CliError('Nenhum arquivo .txt ou .json encontrado.')
    // A valid exam whose disciplines or topics the server lacks would be refused by the upload
    // (one error per question) unless sent with --force: said here, once per file.
    const api = apiUrl(opts)
    const exams = checks.filter((c) => c.exam)
    const server = exams.length ? await serverDisciplines(api, opts) : { list: null, warning: null }
    if (server.list) {
      const known = knownDisciplines(
        server.list,
        checks.flatMap((c) => c.disciplines ?? []),
      )
      for (const c of exams) {
        const missingItems = missingOnServer(c.exam!, known)
        if (missingItems.length) Object.assign(c, { ok: false, errors: missingItems })
      }
    }
    const invalid = checks.filter((c) => !c.ok)
    const summary = {
      files: checks.length,
      valid: checks.length - invalid.length,
      invalid: invalid.length,
      questions: checks.reduce((n, c) => n + c.questions, 0),
      errors: checks.reduce((n, c) => n + errorCount(c.errors), 0),
      server_checked: server.list ? api : null,
      time_ms: Math.round(performance.now() - started),
    }
    if (server.warning) console.error(server.warning)
    if (opts.json) {
      console.log(JSON.stringify({ files: checks.map(({ exam: _e, disciplines: _d, ...c }) => c), summary }, null, 2))
    } else {
      for (const c of checks) {
        if (c.ok) console.log(`OK    ${c.file}${c.kind === 'exam' ? `: ${c.questions} questões` : ''}`)
        else {
          console.log(`ERRO  ${c.file}: ${errorCount(c.errors)} erro(s)`)
          for (const line of errorLines(c.file, c.errors)) console.log(line)
        }
      }
      if (server.list) console.log(`Disciplinas e assuntos conferidos em ${api}`)
      console.log(
        `Resumo: ${summary.files} arquivo(s), ${summary.valid} válido(s), ${summary.invalid} inválido(s), ${summary.questions} questões, ${summary.errors} erro(s), ${formatMs(summary.time_ms)}`,
      )
    }
    if (invalid.length) process.exitCode = 1
  })

program
  .command('login')
  .description('Entra com uma conta de administrador e guarda o token e o endereço da API')
  .option('--email <email>', 'e-mail da conta')
  .option('--password <senha>', 'senha (se omitida, é perguntada sem eco)')
  .option('--api <url>', `endereço da API (padrão: GABARITA_API_URL ou ${DEFAULT_API})`)
  .addHelpText('after', () => `\n${savedLoginHelp()}`)
  .action(async (opts: { email?: string; password?: string; api?: string }) => {
    const api = opts.api || process.env.GABARITA_API_URL || DEFAULT_API
    const email = (opts.email ?? (await prompt('E-mail: '))).trim()
    const password = opts.password ?? (await prompt('Senha: ', { secret: true }))
    if (!email || !password) throw new CliError('Informe o e-mail e a senha.')
    let response
    try {
      response = await call(new ApiClient({ baseUrl: api }), authApi.login, { body: { email, password } })
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw new CliError(`Falha no login: ${error.message}`)
      explain(error, api)
    }
    if (!response.user.is_admin) console.error('Aviso: esta conta não é de administrador; os envios serão recusados (403).')
    const file = saveCredentials({ api, token: response.token, email, savedAt: new Date().toISOString() })
    console.log(`Login realizado com sucesso! Token salvo em ${file}`)
  })

type UploadOpts = { force?: boolean; dryRun?: boolean; json?: boolean; api?: string; token?: string }

async function runUpload(kind: Kind, inputs: string[], opts: UploadOpts) {
  const started = performance.now()
  const ext = kind === 'exam' ? '.txt' : '.json'
  const batchSize = kind === 'exam' ? MAX_EXAM_FILES : MAX_DISCIPLINE_FILES
  const { files, missing } = expandInputs(inputs, [ext])
  if (missing.length) throw new CliError(`Arquivo ou pasta não encontrado: ${missing.join(', ')}`)
  if (files.length === 0) throw new CliError(`Nenhum arquivo ${ext} encontrado.`)

  // Local validation first: invalid files are reported and never sent.
  const checks = files.map((f) => checkFile(f, kind))
  const results: (UploadFileResult & { path: string; local?: boolean })[] = []
  for (const c of checks.filter((x) => !x.ok)) {
    results.push({
      path: c.file,
      local: true,
      filename: path.basename(c.file),
      success: false,
      message: `Validação falhou - ${errorCount(c.errors)} erro(s) encontrado(s)`,
      validations: c.errors.map((e) => ({ item: e.item, errors: e.errors.map((m) => ({ message: m.message })) })),
      processing_time_ms: 0,
      processed_questions: 0,
    })
  }
  const valid = checks.filter((c) => c.ok)
  const api = apiUrl(opts)
  const plain = !opts.json && !process.stdout.isTTY
  const printResult = (r: UploadFileResult & { path: string }) => {
    if (opts.json) return
    if (r.success) {
      const detail =
        kind === 'exam'
          ? `${r.processed_questions} questões (novas ${r.created ?? 0}, atualizadas ${r.updated ?? 0}, removidas ${r.removed ?? 0})`
          : `${r.created_disciplines ?? 0} disciplina(s) e ${r.created_topics ?? 0} assunto(s) novos`
      console.log(`OK    ${r.path}: ${detail} em ${formatMs(r.processing_time_ms)}`)
      const classified = classificationLine(r)
      if (classified) console.log(`      ${classified}`)
    } else {
      console.log(`ERRO  ${r.path}: ${r.message}`)
      for (const line of errorLines(r.path, r.validations)) console.log(line)
      if (r.validations.some((item) => item.errors.some((e) => NOT_REGISTERED.test(e.message))))
        console.log(`  ${r.path}: envie antes o JSON de disciplinas (gabarita upload disciplines <arquivo.json>), ou reenvie com --force`)
    }
  }
  for (const r of results) printResult(r)

  if (opts.dryRun) {
    for (const c of valid)
      if (!opts.json) console.log(`OK    ${c.file}: ${c.kind === 'exam' ? `${c.questions} questões ` : ''}válido (--dry-run: não enviado)`)
  } else if (valid.length) {
    const client = new ApiClient({ baseUrl: api, token: tokenFor(opts), timeoutMs: 120_000 })
    const bar =
      !opts.json && !plain
        ? new cliProgress.SingleBar(
            { format: 'Enviando {bar} {value}/{total} arquivo(s) | lote {batch}', hideCursor: true },
            cliProgress.Presets.shades_classic,
          )
        : null
    bar?.start(valid.length, 0, { batch: '-' })
    try {
      for (let i = 0; i < valid.length; i += batchSize) {
        const batch = valid.slice(i, i + batchSize)
        bar?.update(i, { batch: `${i / batchSize + 1}/${Math.ceil(valid.length / batchSize)}` })
        const upload = kind === 'exam' ? uploadExams : uploadDisciplines
        let response
        try {
          response = await upload(
            client,
            batch.map((c) => ({ name: path.basename(c.file), content: fs.readFileSync(c.file) })),
            { force: opts.force },
          )
        } catch (error) {
          bar?.stop()
          explain(error, api)
        }
        response.files.forEach((r, index) => {
          const item = { ...r, path: batch[index]?.file ?? r.filename }
          results.push(item)
          if (!bar) printResult(item)
        })
        bar?.update(i + batch.length)
      }
    } finally {
      bar?.stop()
    }
    if (bar) for (const r of results.filter((x) => !x.local)) printResult(r)
  }

  const failed = results.filter((r) => !r.success)
  const summary = {
    files: files.length,
    succeeded: opts.dryRun ? 0 : results.filter((r) => r.success).length,
    valid: valid.length,
    failed: failed.length,
    questions: opts.dryRun ? valid.reduce((n, c) => n + c.questions, 0) : results.reduce((n, r) => n + r.processed_questions, 0),
    errors: failed.reduce((n, r) => n + Math.max(1, errorCount(r.validations)), 0),
    time_ms: Math.round(performance.now() - started),
    dry_run: Boolean(opts.dryRun),
  }
  if (opts.json) console.log(JSON.stringify({ files: results.map(({ local: _local, ...r }) => r), summary }, null, 2))
  else
    console.log(
      `Resumo: ${summary.files} arquivo(s), ${opts.dryRun ? `${summary.valid} válido(s)` : `${summary.succeeded} enviado(s)`}, ${summary.failed} com erro, ${summary.questions} questões, ${summary.errors} erro(s), ${formatMs(summary.time_ms)}`,
    )
  if (failed.length) process.exitCode = 1
}

const upload = program.command('upload').description('Envia arquivos para a API (valida localmente antes)')
const common = (cmd: Command) =>
  cmd
    .option('--force', 'cria disciplinas/assuntos ausentes e substitui provas já importadas')
    .option('--json', 'saída em JSON')
    .option('--api <url>', `endereço da API (padrão: ${API_DEFAULTS})`)
    .addOption(new Option('--token <token>', 'token de administrador (padrão: GABARITA_TOKEN ou o do login salvo)'))

common(
  upload.command('exams').description('Envia provas .txt (10 por requisição)').argument('<arquivos...>', 'arquivos, pastas ou padrões'),
)
  .option('--dry-run', 'apenas valida, sem enviar')
  .action((inputs: string[], opts: UploadOpts) => runUpload('exam', inputs, opts))
common(
  upload
    .command('disciplines')
    .description('Envia disciplinas .json (5 por requisição)')
    .argument('<arquivos...>', 'arquivos, pastas ou padrões'),
).action((inputs: string[], opts: UploadOpts) => runUpload('disciplines', inputs, opts))

const subscriptions = program.command('subscriptions').description('Assinaturas dos alunos')
subscriptions
  .command('renew')
  .description('Aplica os fins de período vencidos: renovações, mudanças agendadas e cancelamentos (para agendar no cron)')
  .option('--json', 'saída em JSON')
  .option('--api <url>', `endereço da API (padrão: ${API_DEFAULTS})`)
  .addOption(new Option('--token <token>', 'token de administrador (padrão: GABARITA_TOKEN ou o do login salvo)'))
  .action(async (opts: { json?: boolean; api?: string; token?: string }) => {
    const api = apiUrl(opts)
    let report
    try {
      report = await call(new ApiClient({ baseUrl: api, token: tokenFor(opts), timeoutMs: 120_000 }), adminBillingApi.renew)
    } catch (error) {
      explain(error, api)
    }
    if (opts.json) console.log(JSON.stringify(report, null, 2))
    else
      console.log(
        `Assinaturas vencidas: ${report.checked}; renovadas: ${report.renewed}; mudanças de plano aplicadas: ${report.downgraded}; encerradas: ${report.ended}; renovações recusadas: ${report.renewal_declined}`,
      )
  })

function modelLine(model: ModelJson) {
  if (!model.origin) return `Modelo: nenhum (${model.error ?? 'indisponível'})`
  const trained = model.trained_on ? `${model.trained_on.exams} provas, ${model.trained_on.questions} questões` : ''
  const threshold = model.threshold === null ? '' : `, limiar de confiança ${(model.threshold * 100).toFixed(1)}%`
  return `Modelo: ${MODEL_ORIGIN_LABELS[model.origin]} (${trained}, ${model.disciplines} disciplinas${threshold})`
}

program
  .command('classify')
  .description(
    'Disciplinas e assuntos previstos: relatório por prova; --apply prevê de novo com os modelos atuais as disciplinas previstas e as "Não classificada", e os assuntos previstos',
  )
  .option('--apply', 'prevê de novo e grava (as disciplinas do arquivo e as revisadas não mudam)')
  .option('--json', 'saída em JSON')
  .option('--api <url>', `endereço da API (padrão: ${API_DEFAULTS})`)
  .addOption(new Option('--token <token>', 'token de administrador (padrão: GABARITA_TOKEN ou o do login salvo)'))
  .action(async (opts: { apply?: boolean; json?: boolean; api?: string; token?: string }) => {
    const api = apiUrl(opts)
    const client = new ApiClient({ baseUrl: api, token: tokenFor(opts), timeoutMs: 600_000 })
    if (opts.apply) {
      let result
      try {
        result = await call(client, classificationApi.apply)
      } catch (error) {
        explain(error, api)
      }
      if (opts.json) {
        console.log(JSON.stringify(result, null, 2))
        return
      }
      console.log(modelLine(result.model))
      for (const c of result.changed)
        console.log(
          `MUDOU ${c.exam}, questão ${c.number}: ${c.from} → ${c.to} (${(c.confidence * 100).toFixed(1)}%${c.confident ? '' : ', a revisar'})`,
        )
      for (const u of result.unknown)
        console.log(`SEM   ${u.exam}, questão ${u.number}: prevista ${u.discipline}, que não está cadastrada; ficou como estava`)
      console.log(
        `${result.message} Questões lidas: ${result.examined}; mudaram: ${result.changed.length}; sem disciplina no banco: ${result.unknown.length}; assuntos previstos de novo: ${result.predicted_topics}`,
      )
      return
    }
    let report
    try {
      report = await call(client, classificationApi.report)
    } catch (error) {
      explain(error, api)
    }
    if (opts.json) {
      console.log(JSON.stringify(report, null, 2))
      return
    }
    console.log(modelLine(report.model))
    const line = (label: string, c: typeof report.totals) =>
      `${label}: ${c.total} questões; arquivo ${c.file}, revisadas ${c.review}, previstas ${c.predicted} (confiantes ${c.confident}, a revisar ${c.predicted - c.confident}), não classificadas ${c.unclassified}` +
      `; assuntos: arquivo ${c.topics.file}, revisados ${c.topics.review}, previstos ${c.topics.predicted} (confiantes ${c.topics.confident}, a revisar ${c.topics.predicted - c.topics.confident}), sem assunto ${c.topics.none}`
    for (const exam of report.exams) console.log(line(`${exam.name} (${exam.year})`, exam))
    console.log(line('Total', report.totals))
  })

// Analyses written offline (issue 40): an exam in the import format, each analysis in COMENTARIO.
const analyses = program.command('analyses').description('Análises das questões: exportar para escrever offline e importar de volta')
const withApi = (cmd: Command) =>
  cmd
    .option('--api <url>', `endereço da API (padrão: ${API_DEFAULTS})`)
    .addOption(new Option('--token <token>', 'token de professor ou administrador (padrão: GABARITA_TOKEN ou o do login salvo)'))
withApi(
  analyses
    .command('export')
    .description('Grava cada prova em TXT no formato de importação, com as análises no campo COMENTARIO')
    .option('--exam <id>', 'só esta prova (o id; sem ele, todas)')
    .option('--out <pasta>', 'pasta onde gravar os arquivos', '.'),
).action(async (opts: { exam?: string; out: string; api?: string; token?: string }) => {
  const api = apiUrl(opts)
  const client = new ApiClient({ baseUrl: api, token: tokenFor(opts), timeoutMs: 120_000 })
  if (opts.exam !== undefined && !/^\d{1,9}$/.test(opts.exam))
    throw new CliError(`--exam deve ser o id numérico de uma prova: ${opts.exam}`)
  fs.mkdirSync(opts.out, { recursive: true })
  try {
    const ids = opts.exam ? [opts.exam] : (await call(client, analysesApi.exams)).data.map((e) => String(e.id))
    for (const id of ids) {
      const file = await call(client, analysesApi.exportExam, { params: { id } })
      const target = path.join(opts.out, file.file_name)
      fs.writeFileSync(target, file.text)
      console.log(`${target}: ${plural(file.questions, 'questão', 'questões')}, ${file.with_analysis} com análise`)
    }
  } catch (error) {
    explain(error, api, 'professor ou administrador')
  }
})
withApi(
  analyses
    .command('import')
    .description('Publica os COMENTARIO alterados de provas exportadas (uma análise mudada no site desde a exportação é conflito)')
    .argument('<arquivos...>', 'arquivos .txt, pastas ou padrões'),
).action(async (inputs: string[], opts: { api?: string; token?: string }) => {
  const { files, missing } = expandInputs(inputs, ['.txt'])
  if (missing.length) throw new CliError(`Não encontrado: ${missing.join(', ')}`)
  if (!files.length) throw new CliError('Nenhum arquivo .txt para importar.')
  const api = apiUrl(opts)
  const client = new ApiClient({ baseUrl: api, token: tokenFor(opts), timeoutMs: 120_000 })
  let conflicts = 0
  for (let i = 0; i < files.length; i += MAX_EXAM_FILES) {
    const batch = files.slice(i, i + MAX_EXAM_FILES)
    let res
    try {
      res = await importAnalyses(
        client,
        batch.map((file) => ({ name: path.basename(file), content: fs.readFileSync(file) })),
      )
    } catch (error) {
      explain(error, api, 'professor ou administrador')
    }
    for (const [index, r] of res.files.entries()) {
      const where = batch[index] ?? r.file
      console.log(
        `${where}: ${r.exam ?? 'prova não encontrada'} · publicadas ${r.published}, atualizadas ${r.updated}, iguais ${r.unchanged}, sem COMENTARIO ${r.without_text}`,
      )
      for (const c of r.conflicts) console.log(`  CONFLITO questão ${c.number}: ${c.message}`)
      for (const e of r.errors) console.log(`  ERRO ${e}`)
      conflicts += r.conflicts.length + r.errors.length
    }
  }
  if (conflicts) process.exitCode = 1
})

program
  .command('whoami', { hidden: true })
  .description('Mostra onde o token está salvo')
  .action(() => console.log(readCredentials() ? `Token salvo em ${credentialsPath()}` : 'Nenhum login salvo'))

program.parseAsync(process.argv).catch((error: unknown) => {
  const message = error instanceof CliError ? error.message : `Erro inesperado: ${(error as Error)?.message ?? String(error)}`
  console.error(message)
  process.exitCode = 1
})
