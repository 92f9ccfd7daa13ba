import { useRouteLoaderData } from '@remix-run/react'

import type { RootLoader } from '~/root'

/** The CSRF token every POST form repeats (checked by server/web/page-guard.ts before any action). */
export function CsrfInput() {
  const data = useRouteLoaderData<RootLoader>('root')
  return <input type="hidden" name="csrf" value={data?.csrf ?? ''} />
}
