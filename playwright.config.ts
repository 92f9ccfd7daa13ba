import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
export const BASE_URL = `http://127.0.0.1:${PORT}`

// Debian's headless Chromium (no browser download here): chromium-headless-shell, the same Blink
// without the desktop browser around it, which Playwright itself uses for headless runs; the suite
// took a third less time than with the full browser (ADR 048). The flags keep it off the network.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

/**
 * Every flow that submits a form or follows a link runs twice, with JavaScript and without
 * (progressive enhancement is a requirement); a test that only renders a page is tagged
 * `@rendering` (tests/e2e/utils.ts) and runs with JavaScript only.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace records a screencast and a DOM snapshot around every action: kept for every test it
    // cost 37 % of the suite's CPU (measured on three specs). In CI a failing test is retried once, traced; by hand,
    // a failing test keeps the trace of its only run.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The service worker (ADR 056) answers /build/ from its cache, out of page.route()'s reach:
    // blocked everywhere but tests/e2e/offline.spec.ts, which is about it.
    serviceWorkers: 'block',
    launchOptions,
  },
  projects: [
    { name: 'js-on', use: { javaScriptEnabled: true } },
    { name: 'js-off', use: { javaScriptEnabled: false }, grepInvert: /@rendering/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
})
