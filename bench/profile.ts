import fs from 'node:fs'
import path from 'node:path'

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }

// Where a self-time sample belongs: the buckets the page-tax question needs.
const BUCKETS: [string, RegExp][] = [
  // The server's own start-up is in the profile too: kept apart so it is not read as page cost.
  ['start-up (module loading)', /internal\/modules\/|cjs-module-lexer|node:internal\/modules/],
  ['react-dom (render)', /react-dom|\/react\//],
  ['remix (routing, data, server runtime)', /@remix-run|\/remix\/index\.js/],
  ['undici (loopback API calls)', /undici/],
  ['pg / drizzle', /node_modules\/(pg|pg-protocol|drizzle-orm)\//],
  [
    'express, pino, helmet, compression',
    /node_modules\/(express|router|body-parser|pino|helmet|compression|send|serve-static|cookie|on-finished|finalhandler)/,
  ],
  ['zod', /node_modules\/zod\//],
  ['our server code', /\/server\/index\.js|\/server\//],
  ['node internals', /^node:|^internal\//],
]

/**
 * Self time per bucket and the top functions of the .cpuprofile(s) in dir. V8 samples wall
 * time while the thread is not idle: a sample in `writev` is mostly the server waiting for a
 * core after it woke PostgreSQL, not CPU (`perf` put the whole kernel side at ≈ 10% of the
 * server's CPU, ADR 030). Read the native bucket as time, not work.
 */
export function summarizeProfile(dir: string, top = 12) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))
  if (!files.length) return 'sem perfil (o servidor não gravou .cpuprofile)'
  const byBucket = new Map<string, number>()
  const byFunction = new Map<string, number>()
  let total = 0
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] }
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id)!.callFrame
      const dt = profile.timeDeltas[i] ?? 0
      if (frame.functionName === '(idle)') return
      total += dt
      const bucket =
        frame.functionName === '(garbage collector)'
          ? 'garbage collector'
          : frame.functionName === '(program)'
            ? 'program (native)'
            : !frame.url
              ? 'native (socket writes, microtasks, crypto)'
              : (BUCKETS.find(([, re]) => re.test(frame.url))?.[0] ?? 'other')
      byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + dt)
      const key = `${frame.functionName || '(anônima)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(build[^/]*)\//, '$1/')}:${frame.lineNumber + 1}`
      byFunction.set(key, (byFunction.get(key) ?? 0) + dt)
    })
  }
  const pct = (t: number) => `${((t / total) * 100).toFixed(1).padStart(5)}%`
  return [
    `Tempo não ocioso: ${(total / 1e6).toFixed(1)} s (writev inclui a espera por um núcleo)`,
    ...[...byBucket].sort((a, b) => b[1] - a[1]).map(([k, t]) => `${pct(t)}  ${k}`),
    '',
    `Funções (top ${top}):`,
    ...[...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `${pct(t)}  ${k}`),
  ].join('\n')
}
