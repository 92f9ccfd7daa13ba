import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Check } from 'lucide-react'

import { call } from '#server/client/call'
import type { PlanJson } from '#server/features/plans/contract'
import { billingApi } from '#server/features/plans/contract'
import { YearOffer } from '~/billing/year-offer'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useRootData } from '~/root'
import { apiForRequest, withSession } from '~/utils/session.server'

export const meta: MetaFunction = () => [
  { title: 'Planos — Gabarita' },
  { name: 'description', content: 'Compare os planos Gratuito, Básico, Premium e Pro do Gabarita.' },
]

const FAQ = [
  {
    question: 'Posso cancelar a qualquer momento?',
    answer:
      'Sim. Você cancela quando quiser pelo seu painel, sem multa nem taxa de cancelamento, e mantém o acesso até o fim do período já pago.',
  },
  {
    question: 'Qual é a taxa de aprovação dos alunos?',
    answer:
      // The spec's FAQ claims 98% approval; we publish no figure we cannot prove.
      'Ainda não publicamos uma taxa de aprovação: só divulgaremos um número quando ele puder ser auditado. O que prometemos é treino com questões no formato do Exame de Ordem e acompanhamento honesto do seu desempenho.',
  },
  {
    question: 'Posso trocar de plano depois?',
    answer:
      'Sim, a qualquer momento. Um plano maior vale assim que o pagamento é aprovado, e o que resta do período já pago vira desconto, proporcional aos dias; um plano menor vale a partir do próximo ciclo de cobrança.',
  },
]

// The cards are the catalogue's (issue 28): prices, limits and lines an admin edits on
// /admin/planos, each line shown only while the software delivers it.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiForRequest(request, context)
  const plans = await withSession(request, () => call(api, billingApi.plans))
  return json({ plans: plans.data, explanationLine: plans.explanation_line })
}

function PlanCta({ plan }: { plan: PlanJson }) {
  const user = useRootData()?.user ?? null
  const className = `${plan.popular ? 'btn-primary' : 'btn-secondary'} w-full`
  // Paid plans come back to /trocar-plano with the card chosen, after sign-up if needed.
  const next = plan.plan_name === 'GRATUITO' ? '/trocar-plano/confirmar?plano=GRATUITO' : `/trocar-plano?plano=${plan.plan_name}`
  if (!user) {
    return (
      <Link to={plan.price_cents === 0 ? '/cadastrar' : `/cadastrar?${new URLSearchParams({ redirectTo: next })}`} className={className}>
        {plan.price_cents === 0 ? 'Começar grátis' : `Assinar o ${plan.name}`}
      </Link>
    )
  }
  if (user.plan_name === plan.plan_name) {
    return (
      <span className="btn-secondary w-full cursor-default opacity-80" aria-disabled="true">
        Seu plano atual
      </span>
    )
  }
  return (
    <Link to={next} className={className}>
      Mudar para o {plan.name}
    </Link>
  )
}

function PlanCard({ plan }: { plan: PlanJson }) {
  const titleId = `plano-${plan.plan_name.toLowerCase()}`
  return (
    <li
      aria-labelledby={titleId}
      className={`card relative flex flex-col ${plan.popular ? 'border-2 border-brand-600 shadow-lg dark:border-brand-400' : ''}`}
      data-testid="plan-card"
    >
      {plan.popular ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-600 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
          Mais popular
        </span>
      ) : null}
      <h2 id={titleId} className="text-xl font-bold">
        {plan.name}
      </h2>
      {plan.tagline ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{plan.tagline}</p> : null}
      <p className="mt-4">
        {/* Smaller on a screen under 330 px (a phone at 200% zoom), where the price would not fit. */}
        <span className="text-[length:min(2.25rem,11vw)] font-bold leading-10">{plan.price_formatted}</span>
        <wbr />
        <span className="text-slate-600 dark:text-slate-400">{plan.period}</span>
        <YearOffer offer={plan} className="mt-1" />
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm" aria-label={`Recursos do plano ${plan.name}`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <PlanCta plan={plan} />
      </div>
    </li>
  )
}

export default function PlansPage() {
  const { plans, explanationLine } = useLoaderData<typeof loader>()
  return (
    <div className="container-page py-12">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">Escolha o plano ideal para a sua aprovação</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          Comece grátis e mude quando quiser. Todos os planos dão acesso à plataforma e ao resultado das questões.
        </p>
      </header>

      <ul className="mt-14 grid gap-8 sm:grid-cols-2 xl:grid-cols-4">
        {plans.map((plan) => (
          <PlanCard key={plan.plan_name} plan={plan} />
        ))}
      </ul>

      {explanationLine ? (
        // The students' explanations, apart from the cards' analysis line: never counted as one (issue 64).
        <p className="mx-auto mt-8 max-w-2xl text-center text-slate-700 dark:text-slate-300" data-testid="explicacoes-de-alunos">
          {explanationLine}: depois de errar, você lê como um colega que acertou explicou a questão.
        </p>
      ) : null}

      <section aria-labelledby="faq-title" className="mx-auto mt-20 max-w-3xl">
        <h2 id="faq-title" className="text-2xl font-bold">
          Perguntas frequentes
        </h2>
        <div className="mt-6 flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {FAQ.map((item) => (
            <details key={item.question} className="px-4 py-2">
              <summary className="flex min-h-11 cursor-pointer items-center font-medium">{item.question}</summary>
              <p className="pb-3 text-slate-600 dark:text-slate-300">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
