import type { ActionFunctionArgs } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import * as z from 'zod'

import { parseForm } from '~/utils/form-schema.server'
import { safeRedirect } from '~/utils/session.server'
import { setTheme, THEMES } from '~/utils/theme.server'

const ThemeFormSchema = z.object({ theme: z.enum(THEMES), redirectTo: z.string().optional() })

export async function action({ request }: ActionFunctionArgs) {
  const parsed = await parseForm(request, ThemeFormSchema)
  if (parsed.status !== 'success') return json({ error: 'Tema inválido' }, { status: 400 })
  const headers = { 'Set-Cookie': await setTheme(parsed.value.theme) }
  // A plain POST (no JS) carries redirectTo and goes back; the fetcher (JS) stays.
  if (parsed.value.redirectTo) return redirect(safeRedirect(parsed.value.redirectTo, '/'), { headers })
  return json({ theme: parsed.value.theme }, { headers })
}

export function loader() {
  return redirect('/')
}
