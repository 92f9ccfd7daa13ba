/**
 * The test files that change what the whole process sees (a spy, a mocked module, process.env,
 * the draining flag): vitest runs each in a module graph of its own, while every other file
 * shares its worker's modules with the files before it (vitest.config.ts, ADR 048).
 * tests/server/process-wide.test.ts fails when a file that does so is missing here.
 */
export const PROCESS_WIDE = [
  'server/features/health/health.test.ts',
  'tests/server/draining.test.ts',
  'tests/server/draining-answers.test.ts',
  'tests/server/postgres-pool.test.ts',
  'tests/server/logging.test.ts',
  'tests/web/redirect-corpus.test.ts',
  'tests/web/session.test.ts',
  'tests/web/body-limit.test.ts',
  'tests/web/cache-control.test.ts',
  'tests/api/contact-web.test.ts',
  'tests/api/per-request-reads.test.ts',
  'tests/web/questoes-list.test.ts',
  'tests/api/account.test.ts',
  'app/routes/questoes_.resolver/kept-pages.test.ts',
  'app/utils/kept-pages.test.ts',
]
