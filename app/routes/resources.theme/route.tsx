import type { ActionFunctionArgs } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import * as z from 'zod'

import { safeRedirect } from '~/utils/session.server'
import { setTheme, THEMES } from '~/utils/theme.server'

const ThemeFormSchema = z.object({ theme: z.enum(THEMES), redirectTo: z.string().optional() })

export async function action({ request }: ActionFunctionArgs) {
  const parsed = ThemeFormSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return json({ error: 'Tema inválido' }, { status: 400 })
  const headers = { 'Set-Cookie': await setTheme(parsed.data.theme) }
  // A plain POST (no JS) carries redirectTo and goes back; the fetcher (JS) stays.
  if (parsed.data.redirectTo) return redirect(safeRedirect(parsed.data.redirectTo, '/'), { headers })
  return json({ theme: parsed.data.theme }, { headers })
}

export function loader() {
  return redirect('/')
}
