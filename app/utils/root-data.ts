import { useRouteLoaderData } from '@remix-run/react'

import type { loadRoot } from '~/root.server'

/**
 * The root loader's data (user, CSRF token, theme…) for any component. Typed from root.server.ts,
 * below every component, so that nothing imports the root route that renders it.
 */
export function useRootData() {
  return useRouteLoaderData<typeof loadRoot>('root')
}
