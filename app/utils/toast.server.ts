import { createCookie, redirect } from '@remix-run/node'
import * as z from 'zod'

import { webConfig } from './env.server'

export const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(['success', 'error', 'warning', 'info', 'loading']).default('info'),
  title: z.string(),
  description: z.string().optional(),
})
export type Toast = z.infer<typeof ToastSchema>
export type ToastInput = Omit<Toast, 'id' | 'type'> & { type?: Toast['type'] }

/** The session layer shows at most 3 toasts (spec section 9). */
export const MAX_TOASTS = 3

let cookie: ReturnType<typeof createCookie> | undefined
function toastCookie() {
  cookie ??= createCookie('__toast', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: webConfig().isProduction,
    secrets: [webConfig().sessionSecret],
  })
  return cookie
}

async function readToasts(request: Request): Promise<Toast[]> {
  const value = await toastCookie().parse(request.headers.get('cookie'))
  const parsed = z.array(ToastSchema).safeParse(value)
  return parsed.success ? parsed.data : []
}

/** A toast as the page shows it: its own id, 'info' unless said. */
export const toToast = (toast: ToastInput): Toast => ({ id: crypto.randomUUID(), type: toast.type ?? 'info', ...toast })

/** Adds a toast to the flash cookie, keeping any not yet shown (at most 3). */
export async function createToastHeaders(request: Request | null, toast: ToastInput, headers = new Headers()) {
  const existing = request ? await readToasts(request) : []
  const next = [...existing, toToast(toast)].slice(-MAX_TOASTS)
  headers.append('Set-Cookie', await toastCookie().serialize(next))
  return headers
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit & { request?: Request } = {}) {
  const { request, ...rest } = init
  const headers = new Headers(rest.headers)
  await createToastHeaders(request ?? null, toast, headers)
  return redirect(url, { ...rest, headers })
}

/** Read by the root loader: the toasts to render now, and the header that clears them. */
export async function getToasts(request: Request) {
  const toasts = await readToasts(request)
  const headers = new Headers()
  if (toasts.length) headers.append('Set-Cookie', await toastCookie().serialize(null, { maxAge: 0 }))
  return { toasts, headers }
}
