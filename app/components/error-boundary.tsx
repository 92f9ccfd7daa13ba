import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { useEffect } from 'react'

type Handler = (info: { status: number; message: string; simulationId?: number }) => React.ReactNode

const DEFAULT_HANDLERS: Record<number, Handler> = {
  403: ({ message }) => <ErrorPanel title="Acesso negado" code={403} message={message || 'Você não tem permissão para ver esta página.'} />,
  404: () => <ErrorPanel title="Página não encontrada" code={404} message="O endereço que você abriu não existe ou foi removido." />,
  // A question of the simulado the student is sitting (IN_OPEN_SIMULATION): back to the sitting.
  409: ({ message, simulationId }) => (
    <ErrorPanel
      title="Simulado em andamento"
      code={409}
      message={message}
      {...(simulationId ? { back: { to: `/simulados/${simulationId}`, label: 'Voltar ao simulado' } } : {})}
    />
  ),
}

export function ErrorPanel({
  title,
  code,
  message,
  back = { to: '/', label: 'Voltar para o início' },
}: {
  title: string
  code?: number
  message: string
  back?: { to: string; label: string }
}) {
  return (
    <div className="container-page py-16 text-center" role="alert">
      {code ? <p className="text-sm font-semibold text-brand-600 dark:text-brand-300">Erro {code}</p> : null}
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mx-auto mt-3 max-w-prose text-slate-600 dark:text-slate-300">{message}</p>
      <Link to={back.to} className="btn-primary mt-8">
        {back.label}
      </Link>
    </div>
  )
}

/**
 * The shared route error boundary: known statuses get their own page; anything
 * else a generic message (never a stack trace: Remix strips it in production).
 */
export function GeneralErrorBoundary({ handlers = {} }: { handlers?: Record<number, Handler> }) {
  const error = useRouteError()
  // Only the unexpected is worth a console error, once: a 404/403 response is a page
  // answering as designed (logging it at render put two errors on every 404).
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error)
  }, [error])
  if (isRouteErrorResponse(error)) {
    const handler = handlers[error.status] ?? DEFAULT_HANDLERS[error.status]
    const message = typeof error.data === 'string' ? error.data : (error.data?.error ?? '')
    const simulationId = typeof error.data?.simulation_id === 'number' ? error.data.simulation_id : undefined
    if (handler) return <>{handler({ status: error.status, message, simulationId })}</>
    return <ErrorPanel title="Algo deu errado" code={error.status} message={message || 'Tente novamente em instantes.'} />
  }
  // A page that could not be fetched for lack of network is no server error (issue 39): say so,
  // and point to what works offline.
  if (error instanceof TypeError && typeof navigator !== 'undefined' && (!navigator.onLine || /fetch|network/i.test(error.message))) {
    return (
      <ErrorPanel
        title="Sem conexão"
        message="Não foi possível carregar a página: o aparelho está sem conexão. Tente de novo quando ela voltar, ou estude as questões baixadas."
        back={{ to: '/estudar-offline', label: 'Estudar offline' }}
      />
    )
  }
  return (
    <ErrorPanel
      title="Algo deu errado"
      code={500}
      message="Ocorreu um erro inesperado. Nossa equipe foi avisada; tente novamente em instantes."
    />
  )
}
