import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Browser, Page } from '@playwright/test'
import { expect } from '@playwright/test'

import { OAB_DIR } from '../support/oab'
import { DEMO_ADMIN, freePort, spawnServer, uniqueEmail, waitForHealth } from './utils'
export { OAB_DIR } from '../support/oab'

// A server of its own (PGlite on its own data directory) with the demo and real OAB exams from
// fixtures/oab: the phone specs measure real statements, and importing them into the suite's
// shared bank would change what other specs see.

export async function apiCall(base: string, method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json()
  expect(res.ok, JSON.stringify(json)).toBe(true)
  return json
}

async function upload(base: string, token: string, endpoint: string, file: string, type: string) {
  const form = new FormData()
  form.append('file', new Blob([fs.readFileSync(path.join(OAB_DIR, file))], { type }), file)
  const res = await fetch(`${base}/api/v1/admin/${endpoint}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
  expect(res.status, await res.clone().text()).toBe(200)
}

/**
 * A data directory prepared once per run and copied by every server that starts from it: the
 * first worker to ask prepares it (a server started on it, `prepare`, stopped) while the others
 * wait; each server then boots on a copy, without the migrations, the demo seed and the imports
 * (ADR 084). Kept under the run's directory (tests/e2e/global-setup.ts), gone after the run.
 */
async function preparedDir(key: string, prepare: (dataDir: string) => Promise<void>) {
  const root = process.env.GABARITA_E2E_TEMPLATES
  if (!root) throw new Error('GABARITA_E2E_TEMPLATES is unset: run the specs through playwright.config.ts (its globalSetup)')
  const ready = path.join(root, key)
  const lock = `${ready}.lock`
  for (const end = Date.now() + 400_000; Date.now() < end;) {
    if (fs.existsSync(ready)) return ready
    try {
      fs.mkdirSync(lock)
    } catch {
      // Another worker prepares it; a lock whose process is gone is stale.
      let holder = 0
      try {
        holder = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'))
      } catch {
        // being taken, or just released
      }
      if (holder && !alive(holder)) fs.rmSync(lock, { recursive: true, force: true })
      await new Promise((resolve) => setTimeout(resolve, 250))
      continue
    }
    try {
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid))
      const work = `${ready}.tmp`
      fs.rmSync(work, { recursive: true, force: true })
      fs.mkdirSync(work)
      await prepare(work)
      fs.renameSync(work, ready)
      return ready
    } finally {
      fs.rmSync(lock, { recursive: true, force: true })
    }
  }
  throw new Error(`the prepared data directory ${key} did not come`)
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** What every own server starts with: the demo (its accounts, its bank), no rate limits. */
const OWN_SETTINGS = { SEED_DEMO: 'true', RATE_LIMIT: 'off' }

/** Starts a server on `dataDir`, waits for it, runs `work` and stops it (the directory is then whole). */
async function withServerOn(dataDir: string, work: (base: string) => Promise<void> = async () => {}) {
  const port = await freePort()
  const server = spawnServer(dataDir, port, OWN_SETTINGS)
  try {
    await waitForHealth(port, server.output, 200_000)
    await work(`http://127.0.0.1:${port}`)
  } finally {
    expect(await server.stop(), server.output()).toBe(0)
  }
}

/** The demo seeded once: a fresh server's data directory after its migrations and seed. */
export const seededDir = () => preparedDir('demo', (dataDir) => withServerOn(dataDir))

/** The demo with the OAB disciplines and these exams imported, once per set of files. */
const oabDir = (files: string[]) =>
  preparedDir(`oab-${crypto.createHash('sha1').update(files.join('|')).digest('hex').slice(0, 12)}`, async (dataDir) => {
    fs.cpSync(await seededDir(), dataDir, { recursive: true })
    await withServerOn(dataDir, async (base) => {
      const admin = (await apiCall(base, 'POST', '/auth/login', null, DEMO_ADMIN)).token as string
      await upload(base, admin, 'disciplines/upload', 'disciplinas-oab.json', 'application/json')
      for (const file of files) await upload(base, admin, 'questions/upload-exam-txt', file, 'text/plain')
    })
  })

/** A copy of a prepared data directory, for one server. */
export function copyOf(template: string, prefix = 'gabarita-own-') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  fs.cpSync(template, dataDir, { recursive: true })
  return dataDir
}

/**
 * The built server on a PGlite data directory of its own, with the demo (its admin) and no rate
 * limits: for a spec whose data or switches must not reach the suite's shared server. It starts
 * on a copy of `template` (the seeded demo by default).
 */
export async function startOwnServer(port: number, env: Record<string, string> = {}, template?: string) {
  const dataDir = copyOf(template ?? (await seededDir()))
  const settings = { ...OWN_SETTINGS, ...env }
  let server = spawnServer(dataDir, port, settings)
  const stop = async () => {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  /** The same data on a server started again, e.g. with its clock moved (CLOCK_OFFSET_SECONDS). */
  const restart = async (more: Record<string, string>) => {
    await server.stop()
    server = spawnServer(dataDir, port, { ...settings, ...more })
    await waitForHealth(port, server.output)
  }
  try {
    // A PGlite start beside the suite's server and two browsers: give it time.
    await waitForHealth(port, server.output, 200_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { base: `http://127.0.0.1:${port}`, stop, restart }
}

/** A server with the OAB disciplines and these exams imported (prepared once); their ids by file. */
export async function startOabServer(port: number, files: string[], env: Record<string, string> = {}) {
  const { base, stop, restart } = await startOwnServer(port, env, await oabDir(files))
  try {
    const admin = (await apiCall(base, 'POST', '/auth/login', null, DEMO_ADMIN)).token as string
    const options = await apiCall(base, 'GET', '/questions/filter-options', null)
    const exams = options.exams as { id: number; name: string }[]
    return { base, admin, exams, stop, restart }
  } catch (error) {
    await stop()
    throw error
  }
}

/** A fresh student on a plan, with a token for the API. */
export async function studentOn(base: string, admin: string, plan: string | null) {
  const student = { name: 'Bia Celular', email: uniqueEmail('celular'), password: 'celular12345' }
  const { token } = await apiCall(base, 'POST', '/auth/register', null, { ...student, password_confirmation: student.password })
  if (plan) {
    const me = await apiCall(base, 'GET', '/auth/me', token)
    await apiCall(base, 'PUT', `/admin/users/${me.data.id}/plan`, admin, { plan_name: plan })
  }
  return { ...student, token: token as string }
}

/** A phone: this viewport, touch, the project's JavaScript setting, on that server. */
export async function phoneOn(base: string, browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL: base,
    viewport,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  return context.newPage()
}

/** The first match's box in the viewport's coordinates, now. */
export const viewportBox = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect()
      return { top: r.top, bottom: r.bottom, height: r.height }
    })
