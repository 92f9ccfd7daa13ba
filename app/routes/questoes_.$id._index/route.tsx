import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { IconSprite } from '~/components/icons'
import { QuestionCard } from '~/question/question-card'
import questionStyles from '~/question/questions.css'

import { loadQuestionPage } from './questao.server'

// `/questoes/{id}`: one question on its own page (issue 12), outside the /questoes list layout
// (`questoes_` escapes it; `._index` keeps `questoes_.$id.responder` and `.reportar` from
// nesting under this page). Public: its link can be shared; answering needs a login, as on
// the list.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionStyles }]

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.title} — Gabarita` },
        { name: 'description', content: data.description },
        { property: 'og:title', content: data.title },
        { property: 'og:description', content: data.description },
        { tagName: 'link', rel: 'canonical', href: data.canonical },
      ]
    : [{ title: 'Questão não encontrada — Gabarita' }]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadQuestionPage(request, context, params.id)
}

export default function QuestionPage() {
  const data = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <div className="container-page space-y-4 py-6">
      <IconSprite />
      <nav aria-label="Trilha">
        <Link to="/questoes" className="text-sm font-semibold text-brand-700 underline dark:text-brand-300">
          Questões OAB
        </Link>
      </nav>
      <h1 className="text-2xl font-bold sm:text-3xl">{data.title}</h1>
      <QuestionCard
        question={data.card}
        sequence={data.number}
        loggedIn={data.loggedIn}
        currentUrl={`${location.pathname}${location.search}`}
        serverReveal={data.reveal}
        serverQuota={data.quota}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
