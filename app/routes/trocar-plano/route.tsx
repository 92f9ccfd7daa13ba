import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft, Check } from 'lucide-react'
import { useState } from 'react'

import { call } from '#server/client/call'
import type { BillingOverviewJson } from '#server/features/plans/contract'
import { billingApi } from '#server/features/plans/contract'
import { readPlan } from '~/billing/plans'
import * as forms from '~/billing/schemas.forms'
import { YearOffer } from '~/billing/year-offer'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { formatDate } from '~/utils/format'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useHydrated } from '~/utils/use-hydrated'

export const meta: MetaFunction = () => [{ title: 'Trocar plano — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  const [overview, plans] = await withSession(request, () => Promise.all([call(api, billingApi.subscription), call(api, billingApi.plans)]))
  const actions = new Map(overview.options.map((o) => [o.plan_name, o.action]))
  const cards = plans.data
    .filter((p) => p.plan_name !== 'GRATUITO')
    .map((p) => ({
      id: p.plan_name,
      name: p.name,
      price: p.price_formatted,
      period: p.period,
      year_price_formatted: p.year_price_formatted,
      year_monthly_formatted: p.year_monthly_formatted,
      popular: p.popular,
      // Every line: the spec's first 8 would hide what tells Premium and Pro apart.
      features: p.features,
      current: overview.plan.plan_name === p.plan_name,
      action: actions.get(p.plan_name) ?? null,
    }))
  // ?plano= (the /planos buttons) preselects a card the user can move to.
  const wanted = readPlan(new URL(request.url).searchParams.get('plano'))
  const selected = cards.find((c) => c.id === wanted && c.action && c.action !== 'current')?.id ?? null
  return json({ overview, cards, selected })
}

/** Cancel (confirmed on /trocar-plano/cancelar) and undo a cancellation or a scheduled change. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context)
  const submission = await parseForm(request, forms.SubscriptionIntentSchema)
  if (submission.status !== 'success') return redirectWithToast('/trocar-plano', { type: 'error', title: 'Ação inválida.' }, { request })
  const api = await apiForRequest(request, context)
  try {
    const result = await withSession(request, () => call(api, submission.value.intent === 'cancel' ? billingApi.cancel : billingApi.resume))
    return redirectWithToast('/trocar-plano', { type: 'success', title: result.message }, { request })
  } catch (error) {
    const { message } = formError(error, 'Não foi possível alterar a assinatura. Tente novamente.')
    return redirectWithToast('/trocar-plano', { type: 'error', title: message }, { request })
  }
}

const BADGE: Record<BillingOverviewJson['state'], string> = {
  active: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  canceled: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  change_scheduled: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  ended: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
}

// Written out whole so Tailwind finds them: the button says which card is checked, by CSS,
// so it is right without JS too.
const CHOSEN_LABEL: Record<string, string> = {
  BASICO: 'hidden group-has-[#plano-BASICO:checked]:inline',
  PREMIUM: 'hidden group-has-[#plano-PREMIUM:checked]:inline',
  PRO: 'hidden group-has-[#plano-PRO:checked]:inline',
}

function ResumeForm({ label }: { label: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'resume'
  return (
    <Form method="POST" action="/trocar-plano" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="intent" value="resume" />
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? 'Salvando...' : label}
      </button>
    </Form>
  )
}

function CurrentPlan({ overview }: { overview: BillingOverviewJson }) {
  const { plan, subscription, pending_change: pending } = overview
  return (
    <section aria-labelledby="plano-atual-titulo" className="card" data-testid="plano-atual">
      <h2 id="plano-atual-titulo" className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        Plano atual
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <p className="text-2xl font-bold">{plan.name}</p>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${BADGE[overview.state]}`} data-testid="status-badge">
          {overview.status_label}
        </span>
      </div>
      {subscription?.billing_period === 'year' && plan.year_price_formatted ? (
        <p className="mt-1 text-lg">
          {plan.year_price_formatted}
          <span className="text-slate-600 dark:text-slate-400">/ano</span>
        </p>
      ) : (
        <p className="mt-1 text-lg">
          {plan.price_formatted}
          <span className="text-slate-600 dark:text-slate-400">{plan.period}</span>
        </p>
      )}
      {overview.renews_at ? <p className="mt-2 text-slate-700 dark:text-slate-300">Renovação em {formatDate(overview.renews_at)}</p> : null}
      {overview.ends_at ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Acesso até {formatDate(overview.ends_at)}; depois, seu plano volta ao Gratuito.
        </p>
      ) : null}
      {subscription?.complimentary && !subscription.current_period_end ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">Plano de cortesia, sem data de término.</p>
      ) : null}
      {pending ? (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="mudanca-agendada">
          Mudança para o plano {pending.name} ({pending.price_formatted}
          {pending.period}) em {formatDate(pending.effective_at)}. {pending.message}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {overview.state === 'canceled' ? <ResumeForm label="Desfazer cancelamento" /> : null}
        {overview.state === 'change_scheduled' ? <ResumeForm label={`Manter o plano ${plan.name}`} /> : null}
        {subscription && overview.state !== 'canceled' ? (
          <Link to="/trocar-plano/cancelar" preventScrollReset className="btn-ghost text-red-700 dark:text-red-400">
            Cancelar assinatura
          </Link>
        ) : null}
        <Link to="/minha-conta/recibos" className="btn-ghost">
          Pagamentos e recibos
        </Link>
      </div>
    </section>
  )
}

export default function ChangePlanPage() {
  const { overview, cards, selected } = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const [choice, setChoice] = useState<string | null>(selected)
  const available = overview.changes_available

  return (
    <div className="container-page max-w-5xl py-8 sm:py-12">
      <Link
        to="/dashboard"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para o painel
      </Link>
      <h1 className="mb-6 mt-2 text-2xl font-bold sm:text-3xl">Trocar plano</h1>

      {/* The confirmation and cancel steps: a dialog with JS, a section here without. */}
      <Outlet />

      <CurrentPlan overview={overview} />

      {cards.length ? (
        <Form
          method="GET"
          action="/trocar-plano/confirmar"
          preventScrollReset
          className="group mt-10"
          onChange={(event) => {
            const target = event.target as HTMLInputElement
            if (target.name === 'plano') setChoice(target.value)
          }}
        >
          <fieldset disabled={!available}>
            <legend className="text-lg font-semibold">Escolha o novo plano</legend>
            <ul className="mt-6 grid gap-6 md:grid-cols-3">
              {cards.map((card) => (
                <li key={card.id}>
                  <label
                    htmlFor={`plano-${card.id}`}
                    data-testid="plan-option"
                    className={`group/card card relative flex h-full flex-col has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 dark:has-[:checked]:border-brand-400 ${
                      card.current ? '' : 'cursor-pointer hover:border-brand-400'
                    } ${card.popular ? 'border-2 border-brand-600 dark:border-brand-400' : ''}`}
                  >
                    <span className="absolute -top-3 left-4 flex gap-2">
                      {card.popular ? (
                        <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
                          MAIS POPULAR
                        </span>
                      ) : null}
                      {card.current ? (
                        <span className="rounded-full bg-slate-800 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white dark:bg-slate-200 dark:text-slate-900">
                          ATUAL
                        </span>
                      ) : null}
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span className="text-xl font-bold">{card.name}</span>
                      <input
                        type="radio"
                        id={`plano-${card.id}`}
                        name="plano"
                        value={card.id}
                        defaultChecked={selected === card.id}
                        disabled={card.current || !card.action}
                        className="plan-radio h-5 w-5 text-brand-600"
                      />
                    </span>
                    <span className="mt-3 block">
                      <span className="text-3xl font-bold">{card.price}</span>
                      <span className="text-slate-600 dark:text-slate-400">{card.period}</span>
                      <YearOffer offer={card} className="mt-1" />
                    </span>
                    <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm" aria-label={`Recursos do plano ${card.name}`}>
                      {card.features.map((feature) => (
                        <li key={feature} className="flex items-start gap-2">
                          <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden />
                          <span>{feature}</span>
                        </li>
                      ))}
                    </ul>
                    <span className="mt-4 block text-sm font-semibold">
                      {card.current ? (
                        'Plano Atual'
                      ) : (
                        <span className="hidden text-brand-700 group-has-[:checked]/card:inline dark:text-brand-300">Selecionado</span>
                      )}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {available ? (
            <div className="mt-8 flex flex-col items-start gap-2">
              {/* With JS the button waits for a choice; without JS the next step asks again. */}
              <button type="submit" className="btn-primary" disabled={hydrated && !choice}>
                {cards.map((card) => (
                  <span key={card.id} className={CHOSEN_LABEL[card.id]}>
                    Alterar para {card.name}
                  </span>
                ))}
                <span className="group-has-[.plan-radio:checked]:hidden">Alterar plano</span>
              </button>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Um plano maior vale assim que o pagamento é aprovado, e o que resta do período já pago vira desconto. Para um plano menor, a
                mudança vale a partir do próximo ciclo de cobrança.
              </p>
            </div>
          ) : (
            <p role="status" className="mt-8 rounded-md bg-slate-100 p-4 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
              {overview.unavailable_message}
            </p>
          )}
        </Form>
      ) : null}
      {!cards.length && !available ? (
        <p role="status" className="mt-8 rounded-md bg-slate-100 p-4 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {overview.unavailable_message}
        </p>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
