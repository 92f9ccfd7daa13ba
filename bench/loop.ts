// Issue 66: the answer loop on a phone on slow 4G. The production build with the nine real OAB
// exams (bench/oab-bank.ts), Playwright's Chromium at 390 px with touch, Chrome's throttling over
// CDP (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4×), a Pro student in modo resolução
// with JavaScript: ten answers, each timed from the tap on Responder to the verdict on screen and
// from the tap on the next action (a rating after a right answer, Próxima after a wrong one) to
// the next question on screen. A round trip to /api/v1/health in the same page is the unit.
//   npm run build && npm run bench:loop [-- --answers=10]   (BENCH_PORT to move the server off 3190)
// With --sitting=after (ADR 095): a simulado instead, each choice saved as it is made, then timed from
// the tap on 'Salvar e próxima' to the next question on screen; --sitting=before sends that POST as
// a document would say (Sec-Fetch-Dest: document), so the server redirects and the page reloads its
// loader, as before ADR 095.
import crypto from 'node:crypto'
import os from 'node:os'

import type { Page } from '@playwright/test'
import { chromium } from '@playwright/test'

import { ApiClient } from '../server/client/core'
import type { Target } from './harness'
import {
  CPU_SLOWDOWN,
  flag,
  hydrated,
  log,
  median,
  NETWORK,
  percentile,
  registerStudent,
  SECRET,
  sessionCookie,
  writeReport,
} from './harness'
import { withOabBank } from './oab-bank'

const ANSWERS = Number(flag('answers') ?? 10)
const SITTING = flag('sitting') as 'before' | 'after' | undefined
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
/** The issue's phone: Chrome DevTools' slow 4G as the issue measured it. */
const VERDICT_TARGET_RTT = 2.5
const NEXT_TARGET_RTT = 0.7

type Mark = { ms: number; requests: number }
/** What shows the step done: the verdict, the next question of modo resolução, the simulado's next question. */
type Ready = 'verdict' | 'next' | 'sitting'

/**
 * Arms the page: the next tap's time (a click's capture, before any handler) and the first frame
 * after `ready()` holds; what went to the network in between is counted by the caller.
 */
async function arm(page: Page, ready: Ready) {
  // A string, not a function: tsx would wrap the page's named functions in a helper the page lacks.
  await page.evaluate(`(() => {
    const kind = ${JSON.stringify(ready)}
    window.__loop = { tap: 0, shown: 0 }
    const before = document.querySelector('[data-testid=progresso]')?.textContent
    const title = document.querySelector('#questao-titulo')?.textContent
    const done = () =>
      kind === 'sitting'
        ? document.querySelector('#questao-titulo')?.textContent !== title && Boolean(document.querySelector('article .qa > label'))
        : kind === 'verdict'
        ? Boolean(document.querySelector('[data-testid=veredito]'))
        : !document.querySelector('[data-testid=veredito]') &&
          Boolean(document.querySelector('article .qa > label')) &&
          document.querySelector('[data-testid=progresso]')?.textContent !== before
    document.addEventListener('click', () => (window.__loop.tap ||= performance.now()), { capture: true, once: true })
    const observer = new MutationObserver(() => {
      if (!window.__loop.tap || !done()) return
      observer.disconnect()
      requestAnimationFrame(() => (window.__loop.shown = performance.now()))
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
  })()`)
}

async function timed(page: Page, requests: string[], ready: Ready, tap: () => Promise<void>): Promise<Mark> {
  await arm(page, ready)
  const from = requests.length
  await tap()
  await page.waitForFunction(() => (window as unknown as { __loop: { shown: number } }).__loop.shown > 0, null, { timeout: 60_000 })
  const ms = await page.evaluate(() => {
    const l = (window as unknown as { __loop: { tap: number; shown: number } }).__loop
    return l.shown - l.tap
  })
  if (process.env.LOOP_DEBUG)
    log(
      await page.evaluate(`(() => {
        const l = window.__loop
        return performance.getEntriesByType('resource').filter((e) => e.startTime >= l.tap && e.startTime <= l.shown)
          .map((e) => 'tap+' + Math.round(e.startTime - l.tap) + '..' + Math.round(e.responseStart - l.tap) + '..' + Math.round(e.responseEnd - l.tap) + ' ' + e.encodedBodySize + 'B ' + e.name.slice(-40)).join(' | ') + ' | shown tap+' + Math.round(l.shown - l.tap)
      })()`),
    )
  return { ms, requests: requests.length - from }
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { median: median(sorted), p90: percentile(sorted, 90) }
}

await withOabBank('loop', async ({ base, admin, questions }) => {
  log(
    `provas reais importadas, ${questions} questões; carga ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const token = await registerStudent(base, 'loop')
  const me = await new ApiClient({ baseUrl: `${base}/api/v1`, token }).get<{ data: { id: string } }>('/auth/me')
  await admin.put(`/admin/users/${me.data.id}/plan`, { json: { plan_name: 'PRO' } })
  const [name, value] = (await sessionCookie(SECRET, token, crypto.randomUUID())).split(/=(.*)/s)

  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] })
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      serviceWorkers: 'block',
    })
    await context.addCookies([{ name: name!, value: value!, url: base }])
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', NETWORK)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const requests: string[] = []
    page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`))
    // What the server took on each of the loop's data requests (the wait for the first byte).
    const waits: { url: string; ms: number }[] = []
    page.on('requestfinished', (r) => {
      const t = r.timing()
      if (/_data=/.test(r.url()))
        waits.push({ url: `${r.method()} ${r.url().replace(/^.*\?/, '').slice(0, 60)}`, ms: t.responseStart - t.requestStart })
    })

    await page.goto(`${base}/questoes/resolver?anuladas=excluir&pos=1`)
    await hydrated(page)
    // The unit: a round trip to the API's health in the same page, same throttling.
    const rtts: number[] = []
    for (let i = 0; i < 7; i++)
      rtts.push(
        await page.evaluate(async () => {
          const t = performance.now()
          await (await fetch('/api/v1/health', { cache: 'no-store' })).text()
          return performance.now() - t
        }),
      )
    const rtt = median(rtts)
    log(`ida e volta a /api/v1/health: ${rtt.toFixed(0)} ms (mediana de 7)`)

    if (SITTING) return await sitting(page, requests, rtt, base, token)

    const verdicts: Mark[] = []
    const nexts: Mark[] = []
    for (let n = 1; n <= ANSWERS; n++) {
      await page.locator('article .qa > label').first().tap()
      verdicts.push(await timed(page, requests, 'verdict', () => page.getByRole('button', { name: 'Responder' }).tap()))
      // What a student does after reading: a rating after a right answer, Próxima after a wrong one.
      // The pause is the reading, when the next question may be fetched.
      await page.waitForTimeout(1500)
      const good = page.getByRole('button', { name: /^Bom/ })
      const way = (await good.count()) ? good : page.getByRole('link', { name: 'Próxima' })
      nexts.push(await timed(page, requests, 'next', () => way.tap()))
      log(
        `${n}: veredito ${verdicts.at(-1)!.ms.toFixed(0)} ms (${verdicts.at(-1)!.requests} pedidos${process.env.LOOP_DEBUG ? `: ${requests.slice(-verdicts.at(-1)!.requests - nexts.at(-1)!.requests).join(', ')}` : ''}) · próxima ${nexts.at(-1)!.ms.toFixed(0)} ms (${nexts.at(-1)!.requests} pedidos)`,
      )
      await page.waitForTimeout(300)
    }
    if (process.env.LOOP_DEBUG) for (const w of waits) log(`  ${w.ms.toFixed(0)} ms  ${w.url}`)
    await context.close()

    const v = stats(verdicts.map((m) => m.ms))
    const x = stats(nexts.map((m) => m.ms))
    const load = os.loadavg().map((l) => l.toFixed(2))
    const trips = (ms: number) => (ms / rtt).toFixed(2)
    const table = [
      `# O ciclo de resposta num celular em 4G lento (modo resolução, ${ANSWERS} respostas, provas reais da OAB)`,
      '',
      `Chromium 390 px, latência ${NETWORK.latency} ms, 1,6 Mbps/750 kbps, CPU ${CPU_SLOWDOWN}×; ida e volta a /api/v1/health ${rtt.toFixed(0)} ms; carga da máquina ${load.join(' ')}.`,
      '',
      '| passo | mediana | p90 | mediana (idas e voltas) | p90 (idas e voltas) | pedidos (mediana) |',
      '|---|---|---|---|---|---|',
      `| Responder → veredito | ${v.median.toFixed(0)} ms | ${v.p90.toFixed(0)} ms | ${trips(v.median)} | ${trips(v.p90)} | ${median(verdicts.map((m) => m.requests))} |`,
      `| próxima ação → próxima questão | ${x.median.toFixed(0)} ms | ${x.p90.toFixed(0)} ms | ${trips(x.median)} | ${trips(x.p90)} | ${median(nexts.map((m) => m.requests))} |`,
    ]
    const targets: Target[] = [
      {
        name: `Responder → veredito ≤ ${VERDICT_TARGET_RTT} idas e voltas (mediana)`,
        status: v.median / rtt <= VERDICT_TARGET_RTT ? 'PASS' : 'FAIL',
        detail: `${v.median.toFixed(0)} ms = ${trips(v.median)} (p90 ${trips(v.p90)}), carga ${load[0]}`,
      },
      {
        name: `próxima ação → próxima questão ≤ ${NEXT_TARGET_RTT} ida e volta (mediana)`,
        status: x.median / rtt <= NEXT_TARGET_RTT ? 'PASS' : 'FAIL',
        detail: `${x.median.toFixed(0)} ms = ${trips(x.median)} (p90 ${trips(x.p90)}), carga ${load[0]}`,
      },
    ]
    for (const line of table.slice(4)) log(line)
    writeReport('loop-', { rtt, rtts, verdicts, nexts, load, network: NETWORK, cpu: CPU_SLOWDOWN }, table, targets)
  } finally {
    await browser.close()
  }
})

/** 'Salvar e próxima' in a simulado of ANSWERS + 1 questions, each choice saved as it is made first. */
async function sitting(page: Page, requests: string[], rtt: number, base: string, token: string) {
  const api = new ApiClient({ baseUrl: `${base}/api/v1`, token })
  const started = await api.post<{ simulation: { id: number } }>('/simulations', { json: { kind: 'personalizado', size: ANSWERS + 1 } })
  const id = started.simulation.id
  // 'before': the save's POST said to be a document's. Chromium keeps its own Sec-Fetch-Dest on a
  // continued request, so Playwright sends this one itself: unthrottled, which only flatters 'before'.
  if (SITTING === 'before')
    await page.route(
      (u) => u.pathname === `/simulados/${id}`,
      async (route) => {
        const r = route.request()
        if (r.method() !== 'POST' || !/intent=salvar/.test(r.postData() ?? '')) return route.continue()
        return route.fulfill({ response: await route.fetch({ headers: { ...r.headers(), 'sec-fetch-dest': 'document' } }) })
      },
    )
  await page.goto(`${base}/simulados/${id}`)
  await hydrated(page)
  const saves: Mark[] = []
  for (let n = 1; n <= ANSWERS; n++) {
    await page.locator('article .qa > label').first().tap()
    await page.getByRole('status').filter({ hasText: 'Resposta salva.' }).waitFor()
    await page.waitForTimeout(500)
    saves.push(await timed(page, requests, 'sitting', () => page.getByRole('button', { name: 'Salvar e próxima' }).tap()))
    log(`${n}: Salvar e próxima → próxima questão ${saves.at(-1)!.ms.toFixed(0)} ms (${saves.at(-1)!.requests} pedidos)`)
  }
  const s = stats(saves.map((m) => m.ms))
  const load = os.loadavg().map((l) => l.toFixed(2))
  const trips = (ms: number) => (ms / rtt).toFixed(2)
  const table = [
    `# Salvar e próxima num simulado, num celular em 4G lento (${SITTING === 'before' ? 'como antes do ADR 095: redirecionamento e recarga' : 'ADR 095: a resposta é a próxima questão'}, ${ANSWERS} questões)`,
    '',
    `Chromium 390 px, latência ${NETWORK.latency} ms, 1,6 Mbps/750 kbps, CPU ${CPU_SLOWDOWN}×; ida e volta a /api/v1/health ${rtt.toFixed(0)} ms; carga da máquina ${load.join(' ')}.`,
    '',
    '| passo | mediana | p90 | mediana (idas e voltas) | p90 (idas e voltas) | pedidos (mediana) |',
    '|---|---|---|---|---|---|',
    `| Salvar e próxima → próxima questão | ${s.median.toFixed(0)} ms | ${s.p90.toFixed(0)} ms | ${trips(s.median)} | ${trips(s.p90)} | ${median(saves.map((m) => m.requests))} |`,
  ]
  for (const line of table.slice(4)) log(line)
  writeReport(`loop-sitting-${SITTING}-`, { rtt, saves, load, network: NETWORK, cpu: CPU_SLOWDOWN }, table, [])
}
