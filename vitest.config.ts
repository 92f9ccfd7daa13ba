import path from 'node:path'

import { defineConfig } from 'vitest/config'

/**
 * The files that change what the whole process sees (a spy, a mocked module, process.env, the
 * draining flag): each runs in a module graph of its own. Every other file shares its worker's
 * modules with the files before it, which halves the run (ADR 048): each still gets a database
 * of its own (tests/support/context.ts).
 */
const PROCESS_WIDE = [
  'server/features/health/health.test.ts',
  'tests/server/draining.test.ts',
  'tests/server/postgres-pool.test.ts',
  'tests/server/logging.test.ts',
  'tests/web/redirect-corpus.test.ts',
  'tests/web/session.test.ts',
  'tests/web/body-limit.test.ts',
  'tests/web/cache-control.test.ts',
  'tests/api/contact-web.test.ts',
  'tests/api/per-request-reads.test.ts',
  'tests/api/account.test.ts',
]

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
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: ['{server,app,cli,tests}/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**', 'build/**', ...PROCESS_WIDE],
        },
      },
      { extends: true, test: { name: 'isolated', include: PROCESS_WIDE } },
    ],
  },
})
