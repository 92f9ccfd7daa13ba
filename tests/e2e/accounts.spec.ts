import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Page } from '@playwright/test'
import { expect, test } from '@playwright/test'
import { OAuth2Server } from 'oauth2-mock-server'

import { temporaryPasswordFrom } from '../support/mail'
import { DEMO_ADMIN, e2eDataDir, loginViaPage, registerViaApi, uniqueEmail } from './utils'

const sessionCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === '__session')

/** The visible header 'Sair' (the mobile copy sits in a closed <details>). */
const logoutButton = (page: Page) => page.getByRole('button', { name: 'Sair', exact: true })

test('register, log out, then log in with and without "Lembrar de mim"', async ({ page }) => {
  const email = uniqueEmail('cadastro')
  await page.goto('/cadastrar')
  await page.getByLabel('Nome completo').fill('Clara Nunes')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Telefone (opcional)').fill('(11) 91234-5678')
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-1')
  await page.getByLabel('Confirmar senha', { exact: true }).fill('senha-forte-1')
  await page.getByLabel(/Li e aceito os/).check()
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible()

  // The token lives only in an HttpOnly, SameSite=Lax cookie; registration is remembered.
  const registered = await sessionCookie(page)
  expect(registered?.httpOnly).toBe(true)
  expect(registered?.sameSite).toBe('Lax')
  expect(registered?.secure).toBe(true) // the e2e server runs with NODE_ENV=production
  expect(registered!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600)
  expect(await page.content()).not.toContain(registered!.value)

  await logoutButton(page).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Logout realizado com sucesso!')).toBeVisible()
  expect(await sessionCookie(page)).toBeUndefined()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)

  // Without "Lembrar de mim": a browser-session cookie.
  await loginViaPage(page, { email, password: 'senha-forte-1' })
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Olá, Clara Nunes!' })).toBeVisible()
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible()
  expect((await sessionCookie(page))?.expires).toBe(-1)
  await logoutButton(page).click()
  await expect(page).toHaveURL(/\/login$/)

  // With it: a persistent cookie for about 30 days.
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-1')
  await page.getByLabel('Lembrar de mim').check()
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  const remembered = await sessionCookie(page)
  expect(remembered!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600)
})

test('sign-up shows the server errors next to the fields and never echoes the password', async ({ page, request }) => {
  const existing = await registerViaApi(request)
  await page.goto('/cadastrar')
  await page.getByLabel('Nome completo').fill('Outra Pessoa')
  await page.getByLabel('Email', { exact: true }).fill(existing.email)
  await page.getByLabel('Senha', { exact: true }).fill('senha-forte-1')
  await page.getByLabel('Confirmar senha', { exact: true }).fill('senha-forte-1')
  await page.getByLabel(/Li e aceito os/).check()
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page.getByText('Este email já está cadastrado')).toBeVisible()
  await expect(page.getByLabel('Nome completo')).toHaveValue('Outra Pessoa')
  await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('')
})

test('a wrong password shows the generic message on the password field and keeps the email; with no JS the focus lands on it', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request)
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible()
  // The password field is marked and described by the message (issue 15's keyboard and focus walk).
  const password = page.getByLabel('Senha', { exact: true })
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription('Email ou senha incorretos')
  if (test.info().project.name === 'js-off') await expect(password).toBeFocused()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email)
  await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('')
  await expect(page.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '/esqueci-senha')
  await expect(page.getByRole('button', { name: /Facebook/ })).toBeDisabled()
})

test('forgot password → temporary password from the outbox → forced change → dashboard', async ({ page, request }) => {
  const user = await registerViaApi(request, { name: 'Rita Temporária' })
  await page.goto('/login')
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click()
  await expect(page.getByText('Digite seu email para receber uma senha temporária.')).toBeVisible()
  await page.getByRole('button', { name: 'Enviar senha temporária' }).click()
  await expect(page.getByText('Por favor, digite um email válido')).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByRole('button', { name: 'Enviar senha temporária' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Se o email estiver cadastrado, você receberá instruções para recuperar sua senha')).toBeVisible()

  let temporary: string | null = null
  await expect.poll(() => (temporary = temporaryPasswordFrom(path.join(e2eDataDir(), 'outbox'), user.email))).toBeTruthy()
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Senha', { exact: true }).fill(temporary!)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/alterar-senha$/)
  await expect(page.getByText('É necessário alterar sua senha para continuar.').first()).toBeVisible()

  // The step cannot be skipped.
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/alterar-senha$/)
  await page.goto('/editar-perfil')
  await expect(page).toHaveURL(/\/alterar-senha$/)

  await page.getByLabel('Nova senha', { exact: true }).fill('minha-nova-senha')
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill('outra-coisa')
  await page.getByRole('button', { name: 'Alterar senha e entrar' }).click()
  await expect(page.getByText('As senhas não coincidem')).toBeVisible()
  await page.getByLabel('Nova senha', { exact: true }).fill('minha-nova-senha')
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill('minha-nova-senha')
  await page.getByRole('button', { name: 'Alterar senha e entrar' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('Senha alterada e login realizado com sucesso!')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Olá, Rita Temporária!' })).toBeVisible()

  const relogin = await request.post('/api/v1/auth/login', { data: { email: user.email, password: 'minha-nova-senha' } })
  expect(relogin.status()).toBe(200)
  expect((await relogin.json()).requires_password_reset).toBe(false)
})

test('a revoked session sends the page to /login with "Sessão expirada" and comes back after login', async ({ page, request }) => {
  const user = await registerViaApi(request)
  await loginViaPage(page, user)
  await expect(page).toHaveURL(/\/dashboard$/)
  // A password change elsewhere revokes every other token, the browser's included.
  const changed = await request.put('/api/v1/auth/change-password', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { current_password: user.password, new_password: 'trocada-123', confirm_password: 'trocada-123' },
  })
  expect(changed.status()).toBe(200)
  await page.goto('/editar-perfil')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Feditar-perfil$/)
  await expect(page.getByText('Sessão expirada')).toBeVisible()
  expect(await sessionCookie(page)).toBeUndefined()
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Senha', { exact: true }).fill('trocada-123')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/editar-perfil$/)
})

test('redirectTo brings the user back and refuses other sites', async ({ page, request }) => {
  const user = await registerViaApi(request)
  await page.goto('/editar-perfil')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Feditar-perfil$/)
  await page.getByLabel('Email', { exact: true }).fill(user.email)
  await page.getByLabel('Senha', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/editar-perfil$/)
  await logoutButton(page).click()
  await expect(page).toHaveURL(/\/login$/)

  await loginViaPage(page, user, '//evil.example/phish')
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/)
})

test('profile edit round-trip, mascot avatar and password change', async ({ page, request }) => {
  const user = await registerViaApi(request, { name: 'Pedro Álvares' })
  await loginViaPage(page, user, '/editar-perfil')
  await expect(page.getByRole('img', { name: 'Avatar de Pedro Álvares' })).toHaveText('PÁ')

  await page.getByLabel('Nome completo').fill('Pedro Álvares Cabral')
  await page.getByLabel('Telefone').fill('(81) 90000-1500')
  await page.getByLabel('Data de nascimento').fill('1990-04-22')
  await page.getByLabel('Gênero').selectOption('masculino')
  await page.getByLabel('Universidade').fill('UFPE')
  await page.getByLabel('Curso').fill('Direito')
  await page.getByLabel('Período/Ano').fill('7')
  await page.getByLabel('Objetivo').fill('Aprovação na OAB')
  await page.getByLabel('Horário preferido de estudo').selectOption('madrugada')
  await page.getByLabel('Biografia').fill('Navegador nas horas vagas.')
  await page.getByLabel('Receber notificações').uncheck()
  await page.getByText('Coelho', { exact: true }).click()
  await page.getByRole('button', { name: 'Salvar Alterações' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Olá, Pedro Álvares Cabral!' })).toBeVisible()

  await page.goto('/editar-perfil')
  await expect(page.getByLabel('Nome completo')).toHaveValue('Pedro Álvares Cabral')
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('1990-04-22')
  await expect(page.getByLabel('Gênero')).toHaveValue('masculino')
  await expect(page.getByLabel('Período/Ano')).toHaveValue('7')
  await expect(page.getByLabel('Horário preferido de estudo')).toHaveValue('madrugada')
  await expect(page.getByLabel('Biografia')).toHaveValue('Navegador nas horas vagas.')
  await expect(page.getByLabel('Receber notificações')).not.toBeChecked()
  await expect(page.getByRole('radio', { name: 'Coelho' })).toBeChecked()

  const profile = await request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${user.token}` } })
  expect((await profile.json()).profile).toMatchObject({ birth_date: '22/04/1990', year: 7, notifications_enabled: false })

  // Password change in the account section.
  await page.getByLabel('Senha atual').fill('nao-e-esta')
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-9')
  await page.getByLabel('Confirmar nova senha').fill('senha-nova-9')
  await page.getByRole('button', { name: 'Alterar senha' }).click()
  await expect(page.getByText('Senha atual incorreta')).toBeVisible()
  await expect(page.getByLabel('Nome completo')).toHaveValue('Pedro Álvares Cabral')
  await page.getByLabel('Senha atual').fill(user.password)
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-9')
  await page.getByLabel('Confirmar nova senha').fill('senha-nova-9')
  await page.getByRole('button', { name: 'Alterar senha' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('Senha alterada com sucesso')).toBeVisible()
  const relogin = await request.post('/api/v1/auth/login', { data: { email: user.email, password: 'senha-nova-9' } })
  expect(relogin.status()).toBe(200)
})

test('the admin area: anonymous → /admin/login, a student gets 403, an admin gets in and out', async ({ page, request }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible()

  const student = await registerViaApi(request)
  await page.getByLabel('Email', { exact: true }).fill(student.email)
  await page.getByLabel('Senha', { exact: true }).fill(student.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText('Acesso restrito a administradores')).toBeVisible()

  await loginViaPage(page, student)
  const refused = await page.goto('/admin')
  expect(refused?.status()).toBe(403)
  await expect(page.getByText('Acesso restrito a administradores')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Disciplinas' })).toHaveCount(0)
  await logoutButton(page).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.goto('/admin/login')
  await page.getByLabel('Email', { exact: true }).fill(DEMO_ADMIN.email)
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_ADMIN.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/admin$/)
  const adminResponse = await page.goto('/admin')
  expect(adminResponse?.status()).toBe(200)
  // The admin sidebar's 'Sair' lands on /admin/login.
  await page.locator('form[action="/logout"]:has(input[name="redirectTo"][value="/admin/login"]) button').click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByText('Logout realizado com sucesso!')).toBeVisible()
})

test.describe('Google login against a local OIDC provider', () => {
  // scripts/e2e-server.mjs points GOOGLE_ISSUER at E2E_PORT + 1000.
  const port = Number(process.env.E2E_PORT ?? 3100) + 1000

  /**
   * Starts the provider for one test; the other project's worker may hold the port for a moment.
   * Every sign-in is a new Google account, unless `as` names the address Google vouches for.
   */
  async function startProvider(as?: { email: string; name: string }) {
    const server = new OAuth2Server()
    // One signing key for every run against this server: it caches the provider's keys.
    const keyFile = path.join(os.tmpdir(), `gabarita-e2e-oidc-key-${port}.json`)
    if (fs.existsSync(keyFile)) await server.issuer.keys.add(JSON.parse(fs.readFileSync(keyFile, 'utf8')))
    else {
      await server.issuer.keys.generate('RS256')
      fs.writeFileSync(keyFile, JSON.stringify(server.issuer.keys.toJSON(true)[0]))
    }
    server.service.on('beforeTokenSigning', (token) => {
      const id = crypto.randomBytes(4).toString('hex')
      const who = as ?? { email: `google-${id}@teste.gabarita`, name: 'Gabi Google' }
      Object.assign(token.payload, { sub: `google-${id}`, email_verified: true, ...who })
    })
    for (let attempt = 0; ; attempt++) {
      try {
        await server.start(port, '127.0.0.1')
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 60) throw error
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }
    // It names itself localhost; the server discovers it as 127.0.0.1 and the issuer must match.
    server.issuer.url = `http://127.0.0.1:${port}`
    return server
  }

  test('a new Google account lands on /dashboard?welcome=true, signed in', async ({ page }) => {
    const provider = await startProvider()
    try {
      await signInWithGoogle(page)
    } finally {
      await provider.stop()
    }
  })

  test('linking an account someone made with the same email drops its password; the owner sets one again', async ({ page, request }) => {
    const squatter = await registerViaApi(request, { name: 'Dona Verdadeira', password: 'senha-do-intruso' })
    const provider = await startProvider({ email: squatter.email, name: 'Dona Verdadeira' })
    try {
      await page.goto('/login')
      await page.getByRole('link', { name: 'Entrar com Google' }).click()
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(page.getByText('Conta vinculada ao Google').first()).toBeVisible()
    } finally {
      await provider.stop()
    }
    expect((await request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${squatter.token}` } })).status()).toBe(401)
    expect((await request.post('/api/v1/auth/login', { data: { email: squatter.email, password: 'senha-do-intruso' } })).status()).toBe(401)

    await page.goto('/editar-perfil')
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-da-dona-1')
    await page.getByLabel('Confirmar nova senha', { exact: true }).fill('senha-da-dona-1')
    await page.getByRole('button', { name: 'Alterar senha' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByText('Senha alterada com sucesso').first()).toBeVisible()
    expect((await request.post('/api/v1/auth/login', { data: { email: squatter.email, password: 'senha-da-dona-1' } })).status()).toBe(200)
  })

  async function signInWithGoogle(page: Page) {
    await page.goto('/login')
    await page.getByRole('link', { name: 'Entrar com Google' }).click()
    await expect(page).toHaveURL(/\/dashboard\?welcome=true$/)
    await expect(page.getByRole('heading', { name: 'Olá, Gabi Google!' })).toBeVisible()
    await expect(page.getByText('Sua conta foi criada com sucesso.').first()).toBeVisible()
    const cookie = await sessionCookie(page)
    expect(cookie?.httpOnly).toBe(true)
  }

  test('a refused or broken return goes back to /login with its error code', async ({ page }) => {
    await page.goto('/auth/google/callback?error=access_denied')
    await expect(page).toHaveURL(/\/login\?error=google_auth_failed$/)
    await expect(page.getByText('O login com Google foi cancelado ou recusado.')).toBeVisible()
    await page.goto('/auth/google/callback')
    await expect(page).toHaveURL(/\/login\?error=invalid_callback$/)
    await page.goto('/auth/google/callback?code=abc&state=forjado')
    await expect(page).toHaveURL(/\/login\?error=callback_error$/)
    await expect(page.getByText('Erro ao processar login com Google')).toBeVisible()
  })
})
