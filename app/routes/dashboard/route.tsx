import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowRightLeft } from 'lucide-react'

import { Avatar } from '~/components/avatar'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { HouseAd } from '~/components/house-ad'
import { TABS } from '~/dashboard/tabs'

import { dashboardAction, loadDashboard } from './dashboard.server'
import { ForumTab } from './forum-tab'
import { NotebooksTab } from './notebooks-tab'
import { NotesTab } from './notes-tab'
import { OverviewTab } from './overview-tab'
import { PerformanceTab } from './performance-tab'
import { SettingsTab } from './settings-tab'
import { StatCards } from './stats'
import { DashboardTabs, TabPanel } from './tabs'

// /dashboard (issue 14): the greeting with the mascot, the plan and its use this week, the
// four cards, and six tabs as URLs (`?aba=`), each reading only its own data from /api/v1/me.

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const tab = TABS.find((t) => t.id === data?.tab.tab)
  return [{ title: tab && tab.id !== 'visao-geral' ? `${tab.label} — Meu painel — Gabarita` : 'Meu painel — Gabarita' }]
}

const PLAN_LABELS: Record<string, string> = {
  GRATUITO: 'Gratuito',
  BASICO: 'Básico',
  PREMIUM: 'Premium',
  PRO: 'Pro',
  ADMIN: 'Administrador',
}

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadDashboard(request, context)
}

/** The Cadernos tab's create card and Configurações' Revisão form (by `intent`). */
export function action({ request, context }: ActionFunctionArgs) {
  return dashboardAction(request, context)
}

export default function DashboardPage() {
  const { user, policy, welcome, stats, tab, lastStudy } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const switching = navigation.state === 'loading' && navigation.location.pathname === '/dashboard'
  const limit = policy.limits.questionsPerWeek
  return (
    <div className="container-page py-4 sm:py-12">
      <div className="flex flex-wrap items-center gap-4">
        <Link
          to={`/dashboard/mascote${tab.tab === 'visao-geral' ? '' : `?aba=${tab.tab}`}`}
          preventScrollReset
          className="rounded-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {/* The initials are the link's only visible text: hidden, so they cannot contradict its name. */}
          <span aria-hidden>
            {/* A phone gets the small one: the tab's content must start on the first screen (issue 27). */}
            <span className="sm:hidden">
              <Avatar name={user.name} mascot={user.mascot} avatarUrl={user.avatar_url} />
            </span>
            <span className="hidden sm:block">
              <Avatar name={user.name} mascot={user.mascot} avatarUrl={user.avatar_url} size="lg" />
            </span>
          </span>
          <span className="sr-only">Escolher mascote</span>
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold [overflow-wrap:anywhere] sm:text-3xl">Olá, {user.name}!</h1>
          <p className="text-slate-600 dark:text-slate-300" data-testid="plano-uso">
            {`Plano ${PLAN_LABELS[policy.plan_name] ?? policy.plan_name}`}
            {limit === -1 ? ' · questões ilimitadas' : ` · ${policy.usage.questionsThisWeek} de ${limit} questões nesta semana`}
          </p>
        </div>
        {/* Where the student stopped in modo resolução, on any device (issue 27, ADR 046). */}
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <Link to={lastStudy?.path ?? '/questoes/resolver?anuladas=excluir'} className="btn-primary" data-testid="continuar-estudando">
            {lastStudy ? 'Continuar estudando' : 'Resolver questões'}
          </Link>
          <Link to="/trocar-plano" className="btn-secondary">
            <ArrowRightLeft className="hidden h-4 w-4 sm:block" aria-hidden /> Trocar plano
          </Link>
        </div>
      </div>
      {/* Nested dialogs over the dashboard (the mascot picker); without JS a section here. */}
      <Outlet />
      {welcome ? (
        <p role="status" className="mt-6 rounded-md bg-brand-50 p-4 text-brand-900 dark:bg-brand-950 dark:text-brand-100">
          Bem-vindo! Sua conta foi criada com sucesso.
        </p>
      ) : null}
      <StatCards stats={stats} />
      <DashboardTabs current={tab.tab} />
      <TabPanel current={tab.tab} busy={switching}>
        {tab.tab === 'visao-geral' ? (
          <OverviewTab activity={tab.activity} review={tab.review} isAdmin={user.is_admin} isProfessor={user.is_professor} />
        ) : null}
        {tab.tab === 'cadernos' ? <NotebooksTab notebooks={tab.notebooks} allowance={tab.allowance} /> : null}
        {tab.tab === 'desempenho' ? (
          <PerformanceTab disciplines={tab.disciplines} daily={tab.daily} weakestTopics={tab.weakestTopics} simulations={tab.simulations} />
        ) : null}
        {tab.tab === 'comentarios' ? <NotesTab notes={tab.notes} total={tab.total} page={tab.page} perPage={tab.perPage} /> : null}
        {tab.tab === 'forum' ? <ForumTab counts={tab.counts} participations={tab.participations} errorReports={tab.errorReports} /> : null}
        {tab.tab === 'configuracoes' ? <SettingsTab data={tab.settings} /> : null}
      </TabPanel>
      {/* After the tab, not above it: an ad never pushes the student's content off the first screen. */}
      {policy.features.ads ? <HouseAd className="mt-8" /> : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
