import { getFormProps, getSelectProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'

import { call } from '#server/client/call'
import { adminBillingApi } from '#server/features/plans/admin-contract'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList } from '~/components/forms'
import { ApiError, formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { formatDate, formatDateTime } from '~/utils/format'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useZodForm } from '~/utils/use-zod-form'

import { GRANT_PLAN_LABELS, GRANT_PLANS } from './grant-plans'
import * as forms from './schemas.forms'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.user.name ?? 'Usuário'} — Painel Administrativo — Gabarita` },
]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const api = await apiForRequest(request, context)
  try {
    const detail = await withSession(request, () => call(api, adminBillingApi.getUser, { params: { id: String(params.id) } }))
    return json({ detail })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response('Usuário não encontrado.', { status: 404 })
    throw error
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const submission = await parseForm(request, forms.UserActionSchema)
  if (submission.status !== 'success') return json({ intent: null, result: submission.reply() }, { status: 400 })
  const value = submission.value
  const id = String(params.id)
  const api = await apiForRequest(request, context)
  try {
    const result = await withSession(request, () =>
      value.intent === 'grant'
        ? call(api, adminBillingApi.grantPlan, { params: { id }, body: { plan_name: value.plano } })
        : value.intent === 'professor'
          ? call(api, adminBillingApi.setProfessor, { params: { id }, body: { is_professor: value.professor === 'true' } })
          : call(api, adminBillingApi.setAdmin, { params: { id }, body: { is_admin: value.admin === 'true' } }),
    )
    return redirectWithToast(`/admin/usuarios/${id}`, { type: 'success', title: result.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar a alteração.')
    return json({ intent: value.intent, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </>
  )
}

/** Grants or withdraws a role: one button that says what it will do (intent and field share the role's name). */
function RoleForm({
  access,
  granted,
  label,
  busy,
  errors,
}: {
  access: 'admin' | 'professor'
  granted: boolean
  label: string
  busy: boolean
  errors?: string[] | null
}) {
  return (
    <>
      <Form method="POST" className="mt-3">
        <CsrfInput />
        <input type="hidden" name="intent" value={access} />
        <input type="hidden" name={access} value={granted ? 'false' : 'true'} />
        <button type="submit" className="btn-secondary" disabled={busy}>
          {granted ? `Remover ${label}` : `Tornar ${label}`}
        </button>
      </Form>
      <ErrorList id={`${access}-erro`} errors={errors} />
    </>
  )
}

export default function AdminUserPage() {
  const { detail } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
  const { user, billing, usage, policy } = detail
  const [grantForm, grantFields] = useZodForm(forms.GrantPlanSchema, {
    id: 'conceder-plano',
    lastResult: actionData?.intent === 'grant' ? actionData.result : undefined,
    defaultValue: { intent: 'grant', plano: user.plan_name === 'ADMIN' ? 'PREMIUM' : user.plan_name },
  })
  const adminErrors = actionData?.intent === 'admin' ? actionData.result.error?.[''] : undefined
  const professorErrors = actionData?.intent === 'professor' ? actionData.result.error?.[''] : undefined
  const limit = policy.limits.questionsPerWeek
  const { key: _key, ...selectProps } = getSelectProps(grantFields.plano)

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <Link
        to="/admin/usuarios"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para Usuários
      </Link>
      <div>
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{user.name}</h1>
        <p className="text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{user.email}</p>
      </div>

      <section aria-labelledby="plano-titulo" className="card">
        <h2 id="plano-titulo" className="text-lg font-semibold">
          Plano e assinatura
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="plano-usuario">
          <Row label="Plano">{user.plan}</Row>
          <Row label="Administrador">{user.is_admin ? 'Sim' : 'Não'}</Row>
          <Row label="Professor">{user.is_professor ? 'Sim' : 'Não'}</Row>
          <Row label="Situação">{billing.subscription ? billing.status_label : 'Sem assinatura'}</Row>
          {billing.renews_at ? <Row label="Renovação">{formatDate(billing.renews_at)}</Row> : null}
          {billing.ends_at ? <Row label="Termina em">{formatDate(billing.ends_at)}</Row> : null}
          {billing.pending_change ? (
            <Row label="Mudança agendada">
              {billing.pending_change.name} em {formatDate(billing.pending_change.effective_at)}
            </Row>
          ) : null}
          {billing.subscription ? (
            <Row label="Origem">
              {billing.subscription.complimentary
                ? 'Cortesia (sem pagamento)'
                : (billing.subscription.method_label ?? billing.subscription.provider)}
            </Row>
          ) : null}
          <Row label="Cadastro">{formatDate(user.created_at)}</Row>
        </dl>
      </section>

      <section aria-labelledby="uso-titulo" className="card">
        <h2 id="uso-titulo" className="text-lg font-semibold">
          Uso
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <Row label="Questões nesta semana">
            {limit === -1 ? `${usage.questionsThisWeek} (ilimitado)` : `${usage.questionsThisWeek} de ${limit}`}
          </Row>
          <Row label="Cadernos criados">
            {policy.limits.notebooksLimit === -1
              ? `${usage.notebooksCreated} (ilimitado)`
              : `${usage.notebooksCreated} de ${policy.limits.notebooksLimit}`}
          </Row>
          <Row label="Semana desde">{formatDate(`${usage.weekStart}T12:00:00Z`)}</Row>
        </dl>
      </section>

      <section aria-labelledby="conceder-titulo" className="card">
        <h2 id="conceder-titulo" className="text-lg font-semibold">
          Conceder plano
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Um plano de cortesia, sem pagamento e sem data de término (suporte, escola parceira). Gratuito encerra a assinatura atual.
        </p>
        <Form method="POST" className="mt-4 flex flex-wrap items-end gap-3" {...getFormProps(grantForm)}>
          <CsrfInput />
          <input type="hidden" name="intent" value="grant" />
          <div>
            <label htmlFor={grantFields.plano.id} className="label">
              Plano
            </label>
            <select {...selectProps} className="input">
              {GRANT_PLANS.map((plan) => (
                <option key={plan} value={plan}>
                  {GRANT_PLAN_LABELS[plan]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary" disabled={busy === 'grant'}>
            {busy === 'grant' ? 'Salvando...' : 'Conceder plano'}
          </button>
        </Form>
        <ErrorList id={grantForm.errorId} errors={grantForm.errors} />
      </section>

      <section aria-labelledby="admin-titulo" className="card">
        <h2 id="admin-titulo" className="text-lg font-semibold">
          Acesso de administrador
        </h2>
        <RoleForm access="admin" granted={user.is_admin} label="administrador" busy={busy === 'admin'} errors={adminErrors} />
      </section>

      <section aria-labelledby="professor-titulo" className="card">
        <h2 id="professor-titulo" className="text-lg font-semibold">
          Professor
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Um professor escreve, edita e publica análises na mesa do professor. O plano continua o mesmo.
        </p>
        <RoleForm access="professor" granted={user.is_professor} label="professor" busy={busy === 'professor'} errors={professorErrors} />
      </section>

      <section aria-labelledby="historico-titulo" className="card">
        <h2 id="historico-titulo" className="text-lg font-semibold">
          Histórico
        </h2>
        {detail.subscriptions.length === 0 && detail.payments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nenhuma assinatura nem pagamento.</p>
        ) : null}
        {detail.subscriptions.length ? (
          <ul className="mt-3 space-y-1 text-sm" aria-label="Assinaturas">
            {detail.subscriptions.map((s) => (
              <li key={s.id}>
                {s.plan} · {s.status_label} · {formatDate(s.current_period_start)} –{' '}
                {s.current_period_end ? formatDate(s.current_period_end) : 'sem término'}
                {s.complimentary ? ' · cortesia' : ''}
              </li>
            ))}
          </ul>
        ) : null}
        {detail.payments.length ? (
          <ul className="mt-3 space-y-1 text-sm" aria-label="Pagamentos">
            {detail.payments.map((p) => (
              <li key={p.id}>
                {formatDateTime(p.created_at)} · {p.plan} · {p.amount_formatted} · {p.method_label} ·{' '}
                {p.status === 'approved'
                  ? 'Aprovado'
                  : p.status === 'declined'
                    ? 'Recusado'
                    : p.status === 'refunded'
                      ? 'Estornado'
                      : 'Pendente'}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
