import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Browser, Page } from '@playwright/test'
import { expect } from '@playwright/test'

import { OAB_DIR } from '../support/oab'
import { DEMO_ADMIN, spawnServer, uniqueEmail, waitForHealth } from './utils'
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
 * The built server on a PGlite data directory of its own, with the demo (its admin) and no rate
 * limits: for a spec whose data or switches must not reach the suite's shared server.
 */
export async function startOwnServer(port: number, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-own-'))
  const settings = { SEED_DEMO: 'true', RATE_LIMIT: 'off', ...env }
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
    // A cold PGlite start beside the suite's server and two browsers: give it time.
    await waitForHealth(port, server.output, 200_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { base: `http://127.0.0.1:${port}`, stop, restart }
}

/** Starts the server, imports the OAB disciplines and these exams; returns their ids by file. */
export async function startOabServer(port: number, files: string[], env: Record<string, string> = {}) {
  const { base, stop, restart } = await startOwnServer(port, env)
  try {
    const admin = (await apiCall(base, 'POST', '/auth/login', null, DEMO_ADMIN)).token as string
    await upload(base, admin, 'disciplines/upload', 'disciplinas-oab.json', 'application/json')
    for (const file of files) await upload(base, admin, 'questions/upload-exam-txt', file, 'text/plain')
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
