import type { MetaFunction } from '@remix-run/node'

import { GeneralErrorBoundary } from '~/components/error-boundary'

// Without its own meta the page kept the home page's title.
export const meta: MetaFunction = () => [{ title: 'Página não encontrada — Gabarita' }, { name: 'robots', content: 'noindex' }]

// Any path no route claims: a real 404 status with a page that links home.
export function loader() {
  throw new Response('Não encontrado', { status: 404 })
}

export default function NotFound() {
  return null
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
