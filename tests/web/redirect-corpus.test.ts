import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestContext } from '../support/context'
import { insertQuestions } from '../support/questions'

// Every form or link that carries a return address, fed addresses that a browser would follow
// off the site (issue 26): the place it is sent to must stay on our origin.
const OWN = 'https://gabarita.example'

export const CORPUS = [
  // Dot segments that resolve to `//host`
  '/questoes/..//evil.example',
  '/questoes/../..//evil.example',
  '/questoes/1/../..//evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/questoes/./..//evil.example',
  // Encoded dots (the URL parser reads %2e as a dot in a segment)
  '/questoes/%2e%2e//evil.example',
  '/questoes/%2E%2E//evil.example',
  '/%2e%2e//evil.example',
  '/questoes/.%2e//evil.example',
  '/questoes/%2E%2E/%2E%2E//evil.example',
  // Backslashes (a `/` to the parser)
  '/\\evil.example',
  '\\\\evil.example',
  '/questoes/..\\/evil.example',
  '/questoes/..\\\\evil.example',
  '/%5Cevil.example',
  '/%5C/evil.example',
  // Tabs and newlines (dropped by the browser)
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '/questoes/.\t.//evil.example',
  '/questoes/..\n//evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  // Scheme-relative and absolute
  '//evil.example',
  '///evil.example',
  '/\\/evil.example',
  '//evil.example/questoes',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  'https://evil.example',
  'https:evil.example',
  'https:/evil.example',
  'HTTPS://evil.example/questoes',
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '/\u0000//evil.example',
  '',
]

/** Where a browser on `page` goes with this Location: our origin, and not a `//host` path a later hop could reread. */
function expectSameOrigin(location: string | null, page = `${OWN}/questoes/1/reportar`) {
  expect(location).toBeTruthy()
  const url = new URL(location!, page)
  expect(url.origin, location!).toBe(OWN)
  expect(location!.startsWith('/'), location!).toBe(true)
  expect(/^\/[/\\]/.test(location!), location!).toBe(false)
  expect(/^\/[/\\]/.test(url.pathname), location!).toBe(false)
  expect(/[\t\n\r\\]/.test(location!), location!).toBe(false)
}

let t: Awaited<ReturnType<typeof createTestContext>>
let server: Server
let questionId: number
const context = { cspNonce: 'n', requestId: 'test', clientIp: '127.0.0.1', documentRequest: false, csrfToken: 't' }

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'session-test-secret-0123456789abcdef'
  t = await createTestContext()
  server = t.app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
  const bank = await insertQuestions(t.db, [{ discipline: 'Direito Civil', statement: 'Enunciado' }])
  questionId = bank.questions[0].id
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

function form(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

async function act(module: { action: (args: ActionFunctionArgs) => unknown }, request: Request, params = {}) {
  return (await module.action({ request, context, params })) as Response
}

async function load(module: { loader: (args: LoaderFunctionArgs) => unknown }, url: string, params = {}) {
  try {
    return (await module.loader({ request: new Request(`http://localhost${url}`), context, params })) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

describe('safeRedirect', () => {
  it.each(CORPUS)('refuses %j', async (target) => {
    const { safeRedirect } = await import('~/utils/session.server')
    expect(safeRedirect(target, '/fallback')).toBe('/fallback')
  })

  it('keeps and normalizes same-site paths', async () => {
    const { safeRedirect } = await import('~/utils/session.server')
    expect(safeRedirect('/questoes?q=direito%20civil&page=2#questao-3')).toBe('/questoes?q=direito%20civil&page=2#questao-3')
    expect(safeRedirect('/questoes/1/../2')).toBe('/questoes/2')
    expect(safeRedirect('/questoes/%2e%2e/planos')).toBe('/planos')
  })
})

describe('every return address in the app stays on the site', () => {
  it('the report page (loader and action): only a card page of ours', async () => {
    const page = await import('~/routes/questoes_.$id.reportar/route')
    for (const voltar of CORPUS) {
      const res = await load(page, `/questoes/${questionId}/reportar?${new URLSearchParams({ voltar })}`, { id: String(questionId) })
      expect(res.status, voltar).toBe(200)
      const { back } = await res.json()
      expectSameOrigin(back)
      const sent = await act(
        page,
        form(`/questoes/${questionId}/reportar`, { mensagem: 'A alternativa B também está certa', redirectTo: voltar }),
        {
          id: String(questionId),
        },
      )
      expect(sent.status, voltar).toBe(302)
      expectSameOrigin(sent.headers.get('location'))
      expect(sent.headers.get('location'), voltar).toBe(`/questoes#questao-${questionId}`)
    }
    const ok = await act(page, form(`/questoes/${questionId}/reportar`, { mensagem: 'Gabarito trocado', redirectTo: '/questoes?page=2' }), {
      id: String(questionId),
    })
    expect(ok.headers.get('location')).toBe(`/questoes?page=2#questao-${questionId}`)
  })

  it('logout and the theme switch', async () => {
    const logout = await import('~/routes/logout/route')
    const theme = await import('~/routes/resources.theme/route')
    for (const redirectTo of CORPUS.filter(Boolean)) {
      const out = await act(logout, form('/logout', { redirectTo }))
      expect(out.status, redirectTo).toBe(302)
      expectSameOrigin(out.headers.get('location'))
      const themed = await act(theme, form('/resources/theme', { theme: 'dark', redirectTo }))
      expect(themed.status, redirectTo).toBe(302)
      expectSameOrigin(themed.headers.get('location'))
    }
    expect((await act(theme, form('/resources/theme', { theme: 'dark', redirectTo: '/planos?x=1' }))).headers.get('location')).toBe(
      '/planos?x=1',
    )
  })

  it('cadastrar (loader and action) and login (loader and action)', async () => {
    const cadastrar = await import('~/routes/cadastrar/route')
    const login = await import('~/routes/login/route')
    const password = 'Senha-forte-2026'
    let n = 0
    for (const redirectTo of CORPUS.filter(Boolean)) {
      const shown = await load(cadastrar, `/cadastrar?${new URLSearchParams({ redirectTo })}`)
      const target = (await shown.json()).redirectTo
      if (target !== null) expectSameOrigin(target)
      n += 1
      const email = `redir${n}@teste.gabarita`
      const fields = { name: 'Ana Prado', email, password, confirmPassword: password, terms: 'on', redirectTo }
      const registered = await act(cadastrar, form('/cadastrar', fields))
      expect(registered.status, redirectTo).toBe(302)
      expectSameOrigin(registered.headers.get('location'))

      const loginPage = await load(login, `/login?${new URLSearchParams({ redirectTo })}`)
      const loginTarget = (await loginPage.json()).redirectTo
      if (loginTarget !== undefined) expectSameOrigin(loginTarget)
      const signedIn = await act(login, form('/login', { email, password, redirectTo }))
      expect(signedIn.status, redirectTo).toBe(302)
      expectSameOrigin(signedIn.headers.get('location'))
    }
  }, 120_000)
})
