import type { ComponentType, ReactNode } from 'react'
import { Suspense } from 'react'

import { lazyPart } from '~/components/lazy-part'
import { useHydrated } from '~/utils/use-hydrated'

/**
 * A chart drawn only in the browser, its module (recharts, ≈100 KB gzip) loaded after hydration in
 * a chunk of its own, so the page's first load stays within the JavaScript budget (issue 16).
 * Nothing on the server and nothing without data: every chart has a table of the same figures
 * beside it in the HTML. `fallback` shows while the chunk is on its way.
 */
export function lazyChart<Props extends { data: readonly unknown[] }>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  fallback: ReactNode = null,
) {
  // Typed as what it renders: TypeScript cannot check a generic Props against lazy()'s ref props.
  const Chart = lazyPart(load, 'nothing') as unknown as ComponentType<Props>
  return function LazyChart(props: Props) {
    const hydrated = useHydrated()
    if (!hydrated || props.data.length === 0) return null
    return (
      <Suspense fallback={fallback}>
        <Chart {...props} />
      </Suspense>
    )
  }
}
