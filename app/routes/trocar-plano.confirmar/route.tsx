import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirectDocument } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'

import { call } from '#server/client/call'
import { billingApi } from '#server/features/plans/contract'
import { PERIOD_LABELS, readPlan } from '~/billing/plans'
import * as forms from '~/billing/schemas.forms'
import { YearOffer } from '~/billing/year-offer'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { RouteDialog } from '~/components/route-dialog'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { formatDate } from '~/utils/format'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useHydrated } from '~/utils/use-hydrated'
import { useZodForm } from '~/utils/use-zod-form'

export const meta: MetaFunction = () => [{ title: 'Confirmar mudança de plano — Gabarita' }]

const GRATUITO = { name: 'Gratuito', price_formatted: 'R$ 0,00', period: '/mês', year_price_formatted: null, year_monthly_formatted: null }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const plano = readPlan(new URL(request.url).searchParams.get('plano'))
  if (!plano) return redirectWithToast('/trocar-plano', { type: 'error', title: 'Escolha um plano.' }, { request })
  const api = await apiForRequest(request, context)
  const overview = await withSession(request, () => call(api, billingApi.subscription))
  if (plano === overview.plan.plan_name) {
    return redirectWithToast(`/trocar-plano`, { type: 'info', title: 'Você já está neste plano.' }, { request })
  }
  const option = overview.options.find((o) => o.plan_name === plano)
  // Gratuito is not a card: moving to it is a cancellation at the end of the period.
  const kind =
    plano === 'GRATUITO'
      ? overview.subscription
        ? 'downgrade'
        : null
      : option?.action === 'upgrade'
        ? 'upgrade'
        : option
          ? 'downgrade'
          : null
  return json({
    plan: { id: plano, ...(option ?? GRATUITO) },
    kind,
    // What each period charges today, the unused part of the paid period taken off.
    charges: option?.charges ?? [],
    credit: overview.credit,
    current: overview.plan.name,
    periodEnd: overview.renews_at ?? overview.ends_at,
    methods: overview.payment_methods,
    available: overview.changes_available && kind !== null,
    unavailable: overview.unavailable_message ?? 'Esta mudança de plano não está disponível.',
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context)
  const submission = await parseForm(request, forms.ConfirmPlanSchema)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const value = submission.value
  const api = await apiForRequest(request, context)
  if (value.intent === 'downgrade') {
    try {
      const result = await withSession(request, () => call(api, billingApi.change, { body: { plan_name: value.plano } }))
      return redirectWithToast('/trocar-plano', { type: 'success', title: result.message }, { request })
    } catch (error) {
      const { message, status } = formError(error, 'Não foi possível mudar de plano. Tente novamente.')
      return json({ result: submission.reply({ formErrors: [message] }) }, { status })
    }
  }
  let checkout
  try {
    checkout = await withSession(request, () =>
      call(api, billingApi.checkout, { body: { plan_name: value.plano, method: value.method, billing_period: value.periodo } }),
    )
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível iniciar o pagamento. Tente novamente em instantes.')
    const onMethod = error instanceof ApiError && error.status === 400
    return json({ result: submission.reply(onMethod ? { fieldErrors: { method: [message] } } : { formErrors: [message] }) }, { status })
  }
  // The provider's hosted page is not a route of this app: a full document navigation.
  return redirectDocument(checkout.redirect_url)
}

/** A choice drawn as a card around its radio (the period, the payment method). */
const RADIO_CARD =
  'flex min-h-11 cursor-pointer gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 dark:border-slate-700'

type Charge = { billing_period: 'month' | 'year'; price_formatted: string; credit_formatted: string | null; amount_formatted: string }

/** What the period costs, the credit taken off and what is charged today. */
function ChargeLines({ charge, creditPlan }: { charge: Charge; creditPlan: string | null }) {
  return (
    <span className="block text-sm text-slate-700 dark:text-slate-300">
      {charge.billing_period === 'year' ? `${charge.price_formatted} por 12 meses, num pagamento` : `${charge.price_formatted} por mês`}
      {charge.credit_formatted ? (
        <span className="block">
          Crédito do plano {creditPlan} não usado: − {charge.credit_formatted}
        </span>
      ) : null}
      <span className="block font-semibold">Total a pagar agora: {charge.amount_formatted}</span>
    </span>
  )
}

/** Mensal or Anual (radios, so it works without JS); one period is just stated. */
function PeriodChoice({ charges, creditPlan }: { charges: Charge[]; creditPlan: string | null }) {
  if (charges.length < 2) {
    const [only] = charges
    return (
      <>
        <input type="hidden" name="periodo" value={only?.billing_period ?? 'month'} />
        {only ? <ChargeLines charge={only} creditPlan={creditPlan} /> : null}
      </>
    )
  }
  return (
    <fieldset>
      <legend className="label">Período</legend>
      <div className="mt-1 grid gap-2">
        {charges.map((charge) => (
          <label key={charge.billing_period} className={`${RADIO_CARD} items-start`}>
            <input
              type="radio"
              name="periodo"
              value={charge.billing_period}
              defaultChecked={charge.billing_period === 'month'}
              className="mt-1 h-5 w-5 text-brand-600"
            />
            <span>
              <span className="font-semibold">{PERIOD_LABELS[charge.billing_period]}</span>
              <ChargeLines charge={charge} creditPlan={creditPlan} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export default function ConfirmPlanStep() {
  const data = useLoaderData<typeof loader>()
  const { plan } = data
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const [method, setMethod] = useState<string | null>(null)
  const upgrade = data.kind === 'upgrade'
  const [form, fields] = useZodForm(forms.ConfirmPlanSchema, { id: 'confirmar-plano', lastResult: actionData?.result })
  const back = plan.id === 'GRATUITO' ? '/trocar-plano' : `/trocar-plano?plano=${plan.id}`
  const methodErrors = fields.method.errors

  return (
    <RouteDialog
      titleId="confirmar-titulo"
      title="Confirmar mudança de plano"
      back={back}
      backLabel="Voltar"
      width="max-w-lg"
      inPage
      replace
      focusContent
    >
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600 dark:text-slate-400">Plano</dt>
        <dd className="font-semibold" data-testid="plano-escolhido">
          {plan.name}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Preço</dt>
        <dd className="font-semibold">
          {plan.price_formatted}
          {plan.period}
          <YearOffer offer={plan} className="font-normal" />
        </dd>
      </dl>
      {!data.available ? (
        <p role="status" className="mt-4 rounded-md bg-slate-100 p-4 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {data.unavailable}
        </p>
      ) : (
        <Form
          method="POST"
          action={`/trocar-plano/confirmar?plano=${plan.id}`}
          className="mt-4 flex flex-col gap-4"
          {...getFormProps(form)}
        >
          <CsrfInput />
          <input type="hidden" name="intent" value={upgrade ? 'upgrade' : 'downgrade'} />
          <input type="hidden" name="plano" value={plan.id} />
          {upgrade ? <PeriodChoice charges={data.charges} creditPlan={data.credit?.plan ?? null} /> : null}
          {upgrade && data.credit && data.charges.some((c) => c.credit_cents < data.credit!.cents) ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              O crédito do plano {data.credit.plan} ({data.credit.formatted}) passa do que este período custa: só a parte que cabe no preço
              é usada.
            </p>
          ) : null}
          {upgrade ? (
            <fieldset
              aria-describedby={methodErrors?.length ? 'forma-pagamento-erro' : undefined}
              aria-invalid={methodErrors?.length ? true : undefined}
            >
              <legend className="label">Forma de pagamento</legend>
              <div className="mt-1 grid gap-2">
                {data.methods.map((m) => (
                  <label key={m.id} className={`${RADIO_CARD} items-center`}>
                    <input
                      type="radio"
                      name="method"
                      value={m.id}
                      required
                      onChange={() => setMethod(m.id)}
                      className="h-5 w-5 text-brand-600"
                    />
                    <span>{m.label}</span>
                  </label>
                ))}
              </div>
              <ErrorList id="forma-pagamento-erro" errors={methodErrors} />
            </fieldset>
          ) : (
            <p className="text-slate-700 dark:text-slate-300">
              {plan.id === 'GRATUITO'
                ? `Sua assinatura será cancelada, sem taxas. Você continua com o plano ${data.current}${data.periodEnd ? ` até ${formatDate(data.periodEnd)}` : ''}; depois, volta ao Gratuito.`
                : `Você continua com o plano ${data.current}${data.periodEnd ? ` até ${formatDate(data.periodEnd)}` : ''}. A mudança vale a partir do próximo ciclo de cobrança.`}
            </p>
          )}
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className="btn-primary"
              disabled={busy || (upgrade && hydrated && !method)}
              data-autofocus={upgrade ? undefined : true}
            >
              {busy ? 'Confirmando...' : 'Confirmar'}
            </button>
          </div>
          {upgrade ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Com cartão ou PayPal, você será levado à página segura do provedor de pagamento; com Pix, mostramos o código para pagar no
              aplicativo do seu banco. O novo plano vale assim que o pagamento for aprovado.
            </p>
          ) : null}
        </Form>
      )}
    </RouteDialog>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
