import type { ComponentType, ReactNode } from 'react'
import { Suspense } from 'react'

import { lazyPart } from '~/components/lazy-part'
import { useHydrated } from '~/utils/use-hydrated'

/**
 * A chart drawn only in the browser, its module (recharts, ≈100 KB gzip) loaded after hydration in
 * a chunk of its own, so the page's first load stays within the JavaScript budget (issue 16).
 * Nothing on the server and nothing without data: every chart has a table of the same figures
 * beside it in the HTML. `fallback` shows while the chunk is on its way. A chart in a page's flow
 * gives its `height`: that room is in the server's HTML where scripts run (`.js-only`), so nothing
 * below it moves when the chart arrives (issue 66).
 */
export function lazyChart<Props extends { data: readonly unknown[] }>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  fallback: ReactNode = null,
  height?: (props: Props) => number,
) {
  // Typed as what it renders: TypeScript cannot check a generic Props against lazy()'s ref props.
  const Chart = lazyPart(load, 'nothing') as unknown as ComponentType<Props>
  return function LazyChart(props: Props) {
    const hydrated = useHydrated()
    if (props.data.length === 0) return null
    const chart = hydrated ? (
      <Suspense fallback={fallback}>
        <Chart {...props} />
      </Suspense>
    ) : null
    return height ? (
      <div className="js-only" style={{ minHeight: height(props) }}>
        {chart}
      </div>
    ) : (
      chart
    )
  }
}
