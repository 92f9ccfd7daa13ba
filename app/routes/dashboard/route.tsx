import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowRightLeft, BookOpenCheck, CreditCard, UserPen } from 'lucide-react'

import { getMyErrorReports } from '#server/client/error-reports'
import { getMyPerformance, getMyStats } from '#server/client/me'
import { Avatar } from '~/components/avatar'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { HouseAd } from '~/components/house-ad'
import { getProfile } from '~/utils/accounts.server'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

import { MyErrorReports } from './error-reports'
import { PerformanceTable, StatCards } from './stats'

export const meta: MetaFunction = () => [{ title: 'Meu painel — Gabarita' }]

const PLAN_LABELS: Record<string, string> = {
  GRATUITO: 'Gratuito',
  BASICO: 'Básico',
  PREMIUM: 'Premium',
  PRO: 'Pro',
  ADMIN: 'Administrador',
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  const [{ user, policy }, errorReports, stats, performance] = await withSession(request, () =>
    Promise.all([
      getProfile(api),
      getMyErrorReports(api).then((r) => r.data),
      getMyStats(api),
      getMyPerformance(api).then((r) => r.disciplines),
    ]),
  )
  const welcome = new URL(request.url).searchParams.get('welcome') === 'true'
  return json({ user, policy, welcome, errorReports, stats, performance })
}

export default function DashboardPage() {
  const { user, policy, welcome, errorReports, stats, performance } = useLoaderData<typeof loader>()
  const limit = policy.limits.questionsPerWeek
  const links = [
    { to: '/questoes', label: 'Praticar questões', text: 'Questões no formato do Exame de Ordem, com filtros.', Icon: BookOpenCheck },
    { to: '/editar-perfil', label: 'Editar perfil', text: 'Seus dados, mascote e senha.', Icon: UserPen },
    { to: '/planos', label: 'Ver planos', text: 'Mais questões e recursos.', Icon: CreditCard },
    {
      to: '/trocar-plano',
      label: 'Trocar plano',
      text: `Seu plano: ${PLAN_LABELS[policy.plan_name] ?? policy.plan_name}. Mude, cancele ou veja a renovação.`,
      Icon: ArrowRightLeft,
    },
  ]
  return (
    <div className="container-page py-8 sm:py-12">
      <div className="flex items-center gap-4">
        <Avatar name={user.name} mascot={user.mascot} avatarUrl={user.avatar_url} size="lg" />
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Olá, {user.name}!</h1>
          <p className="text-slate-600 dark:text-slate-300">
            Plano {PLAN_LABELS[policy.plan_name] ?? policy.plan_name}
            {limit === -1 ? ' · questões ilimitadas' : ` · ${policy.usage.questionsThisWeek} de ${limit} questões usadas nesta semana`}
          </p>
        </div>
      </div>
      {welcome ? (
        <p role="status" className="mt-6 rounded-md bg-brand-50 p-4 text-brand-900 dark:bg-brand-950 dark:text-brand-100">
          Bem-vindo! Sua conta foi criada com sucesso.
        </p>
      ) : null}
      <StatCards stats={stats} />
      {policy.features.ads ? <HouseAd className="mt-6" /> : null}
      <h2 className="mt-10 text-lg font-semibold">Ações rápidas</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {links.map(({ to, label, text, Icon }) => (
          <li key={to}>
            <Link to={to} className="card flex h-full items-start gap-3 hover:border-brand-400">
              <Icon className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />
              <span>
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">{text}</span>
              </span>
            </Link>
          </li>
        ))}
        {user.is_admin ? (
          <li>
            <Link to="/admin" className="card flex h-full items-start gap-3 hover:border-brand-400">
              <span className="block font-semibold">Painel Administrativo</span>
            </Link>
          </li>
        ) : null}
      </ul>
      <PerformanceTable rows={performance} />
      <section aria-labelledby="meus-dados" className="mt-10">
        <h2 id="meus-dados" className="text-lg font-semibold">
          Seus dados
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Um arquivo JSON com tudo o que guardamos sobre você: perfil, respostas, anotações, cadernos, mensagens e pagamentos.
        </p>
        {/* A document request, not a client navigation: the browser saves the file. */}
        <div className="mt-3 flex flex-wrap gap-3">
          <a href="/minha-conta/exportar" className="btn-secondary" download>
            Baixar meus dados
          </a>
          <Link to="/minha-conta/excluir" className="btn-ghost text-red-700 dark:text-red-400">
            Excluir minha conta
          </Link>
        </div>
      </section>
      <MyErrorReports reports={errorReports} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
