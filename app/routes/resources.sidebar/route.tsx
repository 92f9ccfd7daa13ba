import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { readSidebarOpen, sidebarCookie } from '~/admin/sidebar'
import { safeRedirect } from '~/utils/session.server'

/** No-JS path of the admin sidebar toggle: flips the cookie and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const open = !readSidebarOpen(request.headers.get('cookie'))
  return redirect(safeRedirect(form.get('redirectTo'), '/admin'), { headers: { 'Set-Cookie': sidebarCookie(open) } })
}

export function loader() {
  return redirect('/admin')
}
