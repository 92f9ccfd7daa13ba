/**
 * Test files whose outcome cannot depend on the database engine. `.ci/run` runs the whole suite on
 * PGlite, then again on the PostgreSQL server for what the engine decides; these files are left
 * out of that second pass (vitest.config.ts, ADR 084). tests/server/structure.test.ts fails when a
 * path here no longer exists.
 */
export const ENGINE_INDEPENDENT = [
  // They open no database: pure rules, parsers, page helpers, the process's configuration.
  'app/billing/charge.test.ts',
  'app/question/filters.test.ts',
  'app/question/markup.test.tsx',
  'app/question/resolver.test.ts',
  'app/question/weekly-quota.test.ts',
  'app/routes/questoes_.resolver/kept-pages.test.ts',
  'app/utils/kept-pages.test.ts',
  'app/utils/format.test.ts',
  'server/domain/citations/extract.test.ts',
  'server/domain/classify/classify.test.ts',
  'server/domain/legislation-rule.test.ts',
  'server/domain/questions/exam-name.test.ts',
  'server/domain/questions/timing.test.ts',
  'server/domain/text.test.ts',
  'server/domain/time/clock.test.ts',
  'server/features/explanations/score.test.ts',
  'server/features/me/delete-coverage.test.ts',
  'server/features/me/export-coverage.test.ts',
  'tests/api/billing-config.test.ts',
  'tests/api/gate.test.ts',
  'tests/import/parse-exam.test.ts',
  'tests/server/config.test.ts',
  'tests/server/draining-answers.test.ts',
  'tests/server/node-flags.test.ts',
  'tests/server/process-wide.test.ts',
  'tests/server/redis-rate-limit.test.ts',
  'tests/server/structure.test.ts',
  'tests/web/boundaries.test.ts',
  'tests/web/dark-theme-colours.test.ts',
  'tests/web/first-use.test.ts',
  'tests/web/form-schemas.test.ts',
  'tests/web/merge-chunks.test.ts',
  'tests/web/nul-bytes.test.ts',
  'tests/web/page-guard.test.ts',
  'tests/web/report-action.test.ts',
  'tests/web/session.test.ts',
  // They open one, but what they check is above it: the CLI is a client of the API (the same
  // endpoints run on PostgreSQL in server/features/*); redirects are decided before any read; a
  // port in use and the PGlite lock are about the process; malformed bodies are refused before
  // SQL (the one engine answer, PostgreSQL's refusal of U+0000, is PGlite's too: it is PostgreSQL).
  'tests/cli/cli.test.ts',
  'tests/cli/classify.test.ts',
  'tests/web/redirect-corpus.test.ts',
  'tests/server/port-in-use.test.ts',
  'tests/server/lock.test.ts',
  // PGlite's half of the worker's training: on PGlite whatever the engine of the run.
  'tests/server/model-worker-pglite.test.ts',
  'tests/api/fuzz.test.ts',
  // It starts its own servers on the PostgreSQL server in either pass: the first run is the same.
  'tests/scale/scale-out.test.ts',
]
