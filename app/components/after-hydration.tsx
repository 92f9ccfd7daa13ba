import type { ReactNode } from 'react'
import { Suspense } from 'react'

import { useHydrated } from '~/utils/use-hydrated'

/**
 * Children the server never renders (they need the browser), mounted once the page is hydrated:
 * a lazy one is fetched then, outside the page's first load (issue 41).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null
}
