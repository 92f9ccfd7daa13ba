import type { ReactNode } from 'react'
import { Suspense } from 'react'

import { useHydrated } from '~/utils/use-hydrated'

/**
 * Children the server never renders (they need the browser), mounted once the page is hydrated:
 * a lazy one is fetched then, outside the page's first load (issue 41). `holder` stands in until
 * then: the same room, so nothing below moves when they arrive.
 */
export function AfterHydration({ children, holder = null }: { children: ReactNode; holder?: ReactNode }) {
  const hydrated = useHydrated()
  return hydrated ? <Suspense fallback={holder}>{children}</Suspense> : holder
}
