import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { Link, Outlet, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'

import { GeneralErrorBoundary } from '~/components/error-boundary'
import { HouseAd } from '~/components/house-ad'
import { IconSprite } from '~/components/icons'
import { useListLinks } from '~/question/card-actions'
import type { CardAnswerData } from '~/question/card-answer'
import { CardShortcuts } from '~/question/card-shortcuts'
import { KEEP_SERVER_CONTENT, useTextsOnlyInHtml } from '~/question/card-texts'
import { activeFilterCount, filtersToSearch, PER_PAGE, resultsHeading } from '~/question/filters'
import { Announcer } from '~/question/keyboard'
import { Pagination } from '~/question/pagination'
import { QuestionCard } from '~/question/question-card'
import questionStyles from '~/question/questions.css'
import { resolverHref } from '~/question/resolver'
import { weeklyQuotaText } from '~/question/weekly-quota'
import { VISITOR_FIRST_USE } from '~/utils/first-use'
import { skipsReload } from '~/utils/reload-flag'

import { FilterForm } from './filter-form'
import { answerOnList, loadQuestionsPage } from './questoes.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: questionStyles }]

// A visitor's list needs no script to read, search or open a question (ADR 098).
export const handle = VISITOR_FIRST_USE

export const meta: MetaFunction = () => [
  { title: 'Questões OAB — Gabarita' },
  { name: 'description', content: 'Banco de questões da OAB com filtros por disciplina, assunto, dificuldade, ano e banca.' },
]

/**
 * A card's answer reloads nothing when it carries what changed (the card's state, the week's quota
 * line, its flash: app/utils/reload-flag.ts), so the verdict is the one request (issue 66); the
 * week's last question still reloads the list, whose other cards it closes. On a list filtered by
 * status ('Não resolvidas') the card itself reloads the list with the question named in the address
 * (question-card.tsx, as the no-JS redirect does), so the answered question stays with its verdict;
 * reloading the bare address first would drop it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, currentUrl, actionResult, defaultShouldRevalidate }) =>
  formAction &&
  /^\/questoes(\/\d+\/responder|\?responder=\d+)$/.test(formAction) &&
  (skipsReload(actionResult) || currentUrl.searchParams.has('situacao'))
    ? false
    : defaultShouldRevalidate

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadQuestionsPage(request, context)
}

/**
 * A card's answer with JavaScript (`?responder={id}`): the same action as
 * /questoes/{id}/responder, where the form posts without JavaScript, on the route the page has
 * already loaded, so the first answer is one request (issue 66).
 */
export function action({ request, context }: ActionFunctionArgs) {
  return answerOnList(request, context)
}

export default function QuestionsPage() {
  const data = useLoaderData<typeof loader>()
  const location = useLocation()
  const navigation = useNavigation()
  const searching =
    navigation.state === 'loading' && navigation.location.pathname === '/questoes' && navigation.location.search !== location.search
  const { result, filters, page } = data
  // The week's quota line: the loader's, then what a card's answer says (it reloads nothing).
  const [weekly, setWeekly] = useState({ from: data.weeklyQuota, now: data.weeklyQuota })
  if (weekly.from !== data.weeklyQuota) setWeekly({ from: data.weeklyQuota, now: data.weeklyQuota })
  const weeklyQuota = weekly.now
  const onAnswer = useCallback((d: CardAnswerData) => {
    if (d.weekly !== undefined) setWeekly((w) => ({ ...w, now: d.weekly! }))
  }, [])
  // Its cards' tools are plain links this one listener opens in the page.
  const results = useRef<HTMLElement>(null)
  useListLinks(results)
  // A visitor's cards have nothing for React to do: their links are the login dialog's (it listens
  // on the document) and useListLinks', 'Mais' is a <details>. On a first load the browser keeps the
  // server's list as it is rather than hydrating 20 cards (issue 66: the slow phone's main thread);
  // a later list (another page) is drawn from the data, which then carries the texts.
  const serverList = useTextsOnlyInHtml(result.data) && !data.loggedIn
  const lastPage = Math.max(1, Math.ceil(result.total / PER_PAGE))
  const currentUrl = `${location.pathname}${location.search}`
  const first = (page - 1) * PER_PAGE
  // After a search or a page change (a client-side navigation), the focus goes to the result
  // count, where the new list starts; never on the first load.
  const resultHeading = useRef<HTMLHeadingElement>(null)
  const shownSearch = useRef(location.search)
  useEffect(() => {
    if (location.search === shownSearch.current) return
    shownSearch.current = location.search
    // An answer's own reload of the list (keepFocus, question-card.tsx): the focus stays on the answer.
    if ((location.state as { keepFocus?: boolean } | null)?.keepFocus) return
    resultHeading.current?.focus()
  }, [location.search, location.state])

  return (
    <>
      <IconSprite />
      {/* A signed-in student came to study: the title alone, no banner above the questions (issue 27). */}
      {data.loggedIn ? (
        <h1 className="container-page pt-6 text-2xl font-bold">Questões OAB</h1>
      ) : (
        <section className="bg-gradient-to-r from-brand-700 to-brand-500 text-white dark:from-brand-900 dark:to-slate-900 dark:text-slate-100">
          <div className="container-page py-8 sm:py-10">
            <h1 className="text-3xl font-bold sm:text-4xl">Questões OAB</h1>
            <p className="mt-2 max-w-prose text-brand-50 dark:text-slate-300">
              Pratique com questões no formato do Exame de Ordem, filtre por disciplina e assunto e confira o gabarito comentado.
            </p>
          </div>
        </section>
      )}
      {/* Nested tools of a card (questoes.$id.discussoes, ...): dialogs with JS, sections without. */}
      <Outlet />
      <div className="container-page space-y-6 py-6">
        <FilterForm
          key={location.search}
          filters={filters}
          disciplines={data.disciplines}
          years={data.options.years}
          boards={data.options.exam_boards}
          exams={data.options.exams}
          citations={data.options.citations}
          notebooks={data.notebooks}
          loggedIn={data.loggedIn}
        />
        <section aria-labelledby="resultado" aria-busy={searching} ref={results}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="resultado" ref={resultHeading} tabIndex={-1} className="text-lg font-semibold" aria-live="polite">
              {searching ? 'Buscando questões...' : resultsHeading(result.total, result.total_exact, activeFilterCount(filters) > 0)}
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              {result.total > 0 ? (
                // The same search, one question at a time (issue 27); a visitor goes through /login.
                <Link to={resolverHref(filters)} className="btn-secondary text-sm">
                  Resolver uma por vez
                </Link>
              ) : null}
              {data.loggedIn ? <CardShortcuts /> : null}
            </div>
          </div>
          {weeklyQuota ? (
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="cota-semanal">
              {weeklyQuotaText(weeklyQuota)}
              {weeklyQuota.remaining === 0 ? (
                // Said before any card is read (issue 39): only the questions already opened this week answer.
                <>
                  {'. Só as questões que você já abriu nesta semana podem ser respondidas. '}
                  <Link to="/planos" className="font-semibold underline">
                    Ver planos
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          <Announcer />
          {result.failed ? (
            <p role="alert" className="field-error">
              {result.failed}
            </p>
          ) : null}
          {result.data.length === 0 ? (
            <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              Nenhuma questão encontrada com os filtros selecionados.
            </p>
          ) : serverList ? (
            <ol
              key="server"
              className="qcl mt-4 space-y-4"
              aria-label="Questões"
              suppressHydrationWarning
              dangerouslySetInnerHTML={KEEP_SERVER_CONTENT}
            />
          ) : (
            <ol key="list" className="qcl mt-4 space-y-4" aria-label="Questões">
              {result.data.map((q, i) => (
                <li key={q.id}>
                  <QuestionCard
                    question={q}
                    sequence={first + i + 1}
                    discoverRoutes={i === 0}
                    plainLinks
                    answerAt={`/questoes?responder=${q.id}`}
                    onAnswer={onAnswer}
                    loggedIn={data.loggedIn}
                    currentUrl={currentUrl}
                    serverReveal={data.reveals[q.id]?.reveal}
                    serverQuota={data.reveals[q.id]?.quota ?? (data.quotaFor === q.id ? data.quotaText : undefined)}
                    locked={result.quota_locked.includes(q.id) && data.quotaText ? data.quotaText : undefined}
                  />
                </li>
              ))}
            </ol>
          )}
          {data.houseAd ? <HouseAd className="mt-6" /> : null}
          <Pagination page={page} totalPages={lastPage} hrefFor={(p) => `/questoes${filtersToSearch(filters, p)}`} />
        </section>
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
