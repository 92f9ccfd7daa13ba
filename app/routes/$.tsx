import { GeneralErrorBoundary } from '~/components/error-boundary'

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
