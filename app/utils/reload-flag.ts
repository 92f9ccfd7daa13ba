/**
 * An action's answer that carries everything it changed (a list card's verdict, the week's quota
 * line, its flash message): the page's loaders are not run again after it, so the answer is shown
 * after one request (issue 66). Read by the routes' `shouldRevalidate`.
 */
export const NO_RELOAD = { reload: false } as const

export const skipsReload = (result: unknown) =>
  typeof result === 'object' && result !== null && (result as { reload?: unknown }).reload === false
