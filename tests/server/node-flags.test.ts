import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

import { describe, expect, it } from 'vitest'

import { NODE_FLAGS } from '#server/node-flags'

// The server's V8 flags (ADR 028) are written in three places that no code shares: this
// keeps `npm start` and the Docker image on the list the benchmarks measure.
describe('the V8 flags production runs with', () => {
  it('npm start and the Dockerfile pass the flags of server/node-flags.ts', () => {
    const start = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start as string
    expect(start).toBe(`node ${NODE_FLAGS.join(' ')} \${BUILD_DIR:-build}/server/index.js`)
    const cmd = /^CMD (\[.*\])$/m.exec(fs.readFileSync('Dockerfile', 'utf8'))
    expect(JSON.parse(cmd![1])).toEqual(['node', ...NODE_FLAGS, 'build/server/index.js'])
  })

  it('this Node accepts them', () => {
    const run = spawnSync(process.execPath, [...NODE_FLAGS, '-e', 'process.exit(0)'], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  })
})
