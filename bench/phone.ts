// Issue 41: what a student on a mid-range phone feels. Lighthouse 12 (pinned: 13 needs Node 22),
// mobile profile (a mid-range phone on slow 4G, simulated throttling), on the production build
// holding the nine real OAB exams of fixtures/oab, driving Debian's Chromium; signed-in pages
// get the student's session cookie through --extra-headers. Each page twice, the median reported.
// A cold first load: every run is a fresh browser profile, so the service worker never answers.
//   npm run build && npm run bench:phone [-- --runs=2] [--only=dashboard] [--keep=dir] [--cpu=8]   (on a quiet machine)
// --only keeps the pages whose name contains it; --keep saves each Lighthouse report (JSON) there;
// --cpu sets Lighthouse's CPU slowdown (its mobile profile's default is 4×; issue 66 reads 8× too).
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import type { Target } from './harness'
import { flag, log, median, writeReport } from './harness'
import { withOabBank } from './oab-bank'
import { pageBytes } from './page-bytes'
import { phoneStudent } from './phone-pages'

const run = promisify(execFile)
const RUNS = Number(flag('runs') ?? 2)
const ONLY = flag('only')
const KEEP = flag('keep')
/** Lighthouse's CPU slowdown (`--throttling.cpuSlowdownMultiplier`); its mobile default, 4, unless given. */
const CPU = Number(flag('cpu') ?? 4)
if (!(CPU >= 1)) throw new Error(`--cpu=${flag('cpu')}: um multiplicador ≥ 1`)
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const KB = 1024
/** The answer loop's first load (issue 41): modo resolução, Revisão and a simulado's page. */
export const ANSWER_LOOP_JS = 100 * KB

/** One run's figures, and the machine's one-minute load average as it started (the machine is shared). */
type Figures = { score: number; lcp: number; tbt: number; cls: number; jsGzip: number; load: number }

/** One Lighthouse run on `url`: its performance score and the figures the issue names. */
async function lighthouse(url: string, cookie: string | null): Promise<Figures> {
  const out = path.join(os.tmpdir(), `gabarita-lh-${crypto.randomUUID()}.json`)
  const args = [
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    `--chrome-path=${CHROME}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
    `--throttling.cpuSlowdownMultiplier=${CPU}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ]
  const load = os.loadavg()[0]!
  try {
    await run(path.resolve('node_modules/.bin/lighthouse'), args, { maxBuffer: 64 * KB * KB, env: { ...process.env, CHROME_PATH: CHROME } })
    const report = JSON.parse(fs.readFileSync(out, 'utf8'))
    const audit = (id: string) => report.audits[id]?.numericValue as number
    const resources = (report.audits['resource-summary']?.details?.items ?? []) as { resourceType: string; transferSize: number }[]
    return {
      score: Math.round(report.categories.performance.score * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      jsGzip: resources.find((r) => r.resourceType === 'script')?.transferSize ?? 0,
      load,
    }
  } finally {
    if (KEEP) {
      fs.mkdirSync(KEEP, { recursive: true })
      if (fs.existsSync(out))
        fs.renameSync(out, path.join(KEEP, `${new URL(url).pathname.replace(/\W+/g, '-')}-${crypto.randomUUID().slice(0, 6)}.json`))
    }
    fs.rmSync(out, { force: true })
  }
}

await withOabBank('phone', async ({ base, admin, questions }) => {
  log(`provas reais importadas, ${questions} questões`)

  const { cookie, pages } = await phoneStudent(base, admin, 'phone')
  const rows: { name: string; runs: Figures[]; median: Figures; firstLoadJs: number; loop: boolean }[] = []
  for (const p of pages.filter((page) => !ONLY || page.name.includes(ONLY))) {
    // Modo resolução redirects to its full address first: the page itself is measured.
    const landed = await fetch(`${base}${p.path}`, { headers: p.signedIn ? { cookie } : {} })
    const url = new URL(landed.url)
    const target = `${url.pathname}${url.search}`
    const runs: Figures[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${base}${target}`, p.signedIn ? cookie : null))
    const bytes = await pageBytes(base, p.signedIn ? cookie : '', target)
    const m = (pick: (f: Figures) => number) => median(runs.map(pick))
    const row = {
      name: p.name,
      runs,
      median: {
        score: m((f) => f.score),
        lcp: m((f) => f.lcp),
        tbt: m((f) => f.tbt),
        cls: m((f) => f.cls),
        jsGzip: m((f) => f.jsGzip),
        load: m((f) => f.load),
      },
      firstLoadJs: bytes.jsGzip,
      loop: Boolean(p.loop),
    }
    rows.push(row)
    log(
      `${p.name}: ${runs.map((r) => r.score).join(', ')} · LCP ${(row.median.lcp / 1000).toFixed(1)} s · TBT ${Math.round(row.median.tbt)} ms · CLS ${row.median.cls.toFixed(3)} · JS ${(bytes.jsGzip / KB).toFixed(0)} KB · load ${runs.map((r) => r.load.toFixed(1)).join(', ')}`,
    )
  }
  const targets: Target[] = rows.flatMap((r) => {
    const detail = `${r.runs.map((x) => x.score).join(', ')} (mediana ${r.median.score}); LCP ${(r.median.lcp / 1000).toFixed(2)} s; TBT ${Math.round(r.median.tbt)} ms; CLS ${r.median.cls.toFixed(3)}; load ${r.median.load.toFixed(1)}`
    // Issue 41's targets are for the mobile profile as it is (4×); issue 66 asks ≥ 90 with a slower CPU too.
    const out: Target[] = [
      CPU === 4
        ? {
            name: `${r.name}: Lighthouse mobile ≥ 90, LCP ≤ 2,5 s, TBT ≤ 200 ms, CLS 0`,
            status: r.median.score >= 90 && r.median.lcp <= 2500 && r.median.tbt <= 200 && r.median.cls === 0 ? 'PASS' : 'FAIL',
            detail,
          }
        : { name: `${r.name}: Lighthouse mobile com CPU ${CPU}× ≥ 90`, status: r.median.score >= 90 ? 'PASS' : 'FAIL', detail },
    ]
    if (r.loop)
      out.push({
        name: `${r.name}: JavaScript da primeira carga ≤ 100 KB (gzip)`,
        status: r.firstLoadJs <= ANSWER_LOOP_JS ? 'PASS' : 'FAIL',
        detail: `${(r.firstLoadJs / KB).toFixed(1)} KB`,
      })
    return out
  })
  const table = [
    `CPU ${CPU}× (Lighthouse's cpuSlowdownMultiplier); medianas de ${RUNS} execuções; load = load average de 1 min no início de cada execução.`,
    '',
    '| página | performance (execuções) | LCP | TBT (execuções) | CLS | JS (gzip) | load |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.runs.map((x) => x.score).join(', ')} | ${(r.median.lcp / 1000).toFixed(1)} s | ${Math.round(r.median.tbt)} ms (${r.runs.map((x) => Math.round(x.tbt)).join(', ')}) | ${r.median.cls.toFixed(3)} | ${(r.firstLoadJs / KB).toFixed(0)} KB | ${r.runs.map((x) => x.load.toFixed(1)).join(', ')} |`,
    ),
  ]
  writeReport(
    'phone-',
    { runs: RUNS, cpu: CPU, rows },
    ['# Lighthouse mobile nas páginas do aluno (provas reais da OAB)', '', ...table],
    targets,
  )
})
