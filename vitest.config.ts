import path from 'node:path'

import { defineConfig } from 'vitest/config'

import { ENGINE_INDEPENDENT } from './tests/support/engine-independent'
import { PROCESS_WIDE } from './tests/support/process-wide'

// .ci/run's second pass, on the PostgreSQL server, runs only what the engine can change (ADR 084).
const ENGINE_PASS = process.env.ENGINE_PASS === '1' ? ENGINE_INDEPENDENT : []

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve('app'),
      '#server': path.resolve('server'),
    },
  },
  test: {
    environment: 'node',
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one of this machine's two sat idle.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['tests/support/setup.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Files outside PROCESS_WIDE share their worker's modules (each still opens a database of its
    // own): half the run's time went to importing the server again for every file (ADR 048).
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: ['{server,app,cli,tests}/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**', 'build/**', ...PROCESS_WIDE, ...ENGINE_PASS],
        },
      },
      { extends: true, test: { name: 'isolated', include: PROCESS_WIDE, exclude: ENGINE_PASS } },
    ],
  },
})
