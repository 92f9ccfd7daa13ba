// npm run scale-demo [-- --once] [-- --base-port=3800]
// Two Gabarita servers on one fresh PostgreSQL database with REDIS_URL, a round-robin proxy
// in front, and a walk through what must hold across them (docs/deploy.md, issue 16).
import crypto from 'node:crypto'

import { examFile, multipartBody } from './exam-files'
import { ADMIN, api, servicesAvailable, startCluster } from './scale/cluster'

const args = new Map<string, string | undefined>(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=')
    return [key, value]
  }),
)
const basePort = Number(args.get('base-port') ?? 3800)
const once = args.has('once')

const services = await servicesAvailable()
if (!services.ok) {
  console.error(`Erro: ${services.why}`)
  process.exit(1)
}
const step = (ok: boolean, text: string) => {
  console.log(`${ok ? '✔' : '✘'} ${text}`)
  if (!ok) process.exitCode = 1
}

console.log('Subindo dois servidores (PostgreSQL + Redis) e o proxy…')
const cluster = await startCluster({ basePort })
const [A, B] = cluster.servers.map((s) => s.url)
const P = cluster.proxy.url
console.log(`Banco: ${cluster.database.name}\nServidor A: ${A}\nServidor B: ${B}\nProxy (round-robin): ${P}\n`)
const ip = `10.9.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`

try {
  const admin = await api(A, 'POST', '/auth/login', { ip, body: ADMIN })
  const { body, contentType } = multipartBody([
    { name: 'demo.txt', bytes: examFile({ name: 'Simulado da Escala', year: 2025, count: 20 }) },
  ])
  const up = await fetch(`${A}/api/v1/admin/questions/upload-exam-txt?force=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.json.token}`, 'content-type': contentType },
    body,
  })
  step(up.ok, `Importação de 20 questões pelo servidor A (${up.status})`)

  const email = `demo-${crypto.randomBytes(3).toString('hex')}@escala.gabarita`
  const reg = await api(A, 'POST', '/auth/register', {
    ip,
    body: { name: 'Aluna Demo', email, phone: '(11) 98765-4321', password: 'senha-forte-123' },
  })
  const token = reg.json.token as string
  const me = await api(B, 'GET', '/auth/me', { token })
  step(me.status === 200, `Cadastro em A, reconhecida em B (${me.status})`)

  const search = await api(B, 'GET', '/questions/search?per_page=10', { token })
  const ids = (search.json.data as { id: number }[]).map((q) => q.id)
  const codes: number[] = []
  for (let i = 0; i < 6; i++)
    codes.push((await api(i % 2 ? B : A, 'POST', `/questions/${ids[i]}/attempts`, { token, body: { answer: 'A' } })).status)
  step(codes.slice(0, 5).every((c) => c === 201) && codes[5] === 403, `Cota semanal do Gratuito (5) contada nos dois: ${codes.join(' ')}`)

  const target = `alvo-${crypto.randomBytes(3).toString('hex')}@escala.gabarita`
  const logins: number[] = []
  for (let i = 0; i < 11; i++)
    logins.push((await api(i % 2 ? B : A, 'POST', '/auth/login', { ip, body: { email: target, password: 'errada' } })).status)
  step(logins[10] === 429, `Limite de login (10 erros) somado no Redis entre A e B: ${logins.join(' ')}`)

  const name = `Direito Espacial ${crypto.randomBytes(2).toString('hex')}`
  await fetch(`${B}/questoes`)
  const disc = multipartBody([
    { name: 'nova.json', bytes: Buffer.from(JSON.stringify({ disciplinas: [{ nome: name, assuntos: ['Órbitas'] }] })) },
  ])
  await fetch(`${A}/api/v1/admin/disciplines/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.json.token}`, 'content-type': disc.contentType },
    body: disc.body,
  })
  const started = Date.now()
  let seen = false
  while (!seen && Date.now() - started < 2_000) seen = (await (await fetch(`${B}/questoes`)).text()).includes(name)
  step(seen, `Importação em A visível nos filtros de B em ${Date.now() - started} ms (NOTIFY; sem build do Remix só a API é verificada)`)
} catch (error) {
  step(false, `Falhou: ${(error as Error).message}`)
}

if (once) {
  await cluster.close()
} else {
  console.log(
    `\nRodando. Abra ${P}/questoes (ou ${A} e ${B} direto); pare um servidor e o proxy segue no outro.\n` +
      `Carga através do proxy: npm run loadtest -- --db=postgres --target=cluster (sobe o próprio par).\n` +
      `Ctrl-C encerra e apaga o banco ${cluster.database.name}.`,
  )
  const stop = async () => {
    await cluster.close()
    process.exit()
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
