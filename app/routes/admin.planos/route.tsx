import type { SubmissionResult } from '@conform-to/react'
import { getFormProps, getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { call } from '#server/client/call'
import type { CatalogView } from '#server/features/plans/catalog-contract'
import { planCatalogApi } from '#server/features/plans/catalog-contract'
import { CATALOG_PLAN_NAMES } from '#server/features/plans/catalog-messages'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { CheckboxField, ErrorList, Field } from '~/components/forms'
import { formError } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { countOf, formatDateTime } from '~/utils/format'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useZodForm } from '~/utils/use-zod-form'

import * as forms from './schemas.forms'

// The plan catalogue (issue 28): prices, limits, the plans' phrases and the lines of the plan
// cards. A feature line shows only while the software delivers it; a service line is written
// here and stays off until switched on.

export const meta: MetaFunction = () => [{ title: 'Planos — Painel Administrativo — Gabarita' }]

const SELF = '/admin/planos'
const PLAN_LABELS: Record<(typeof CATALOG_PLAN_NAMES)[number], string> = {
  GRATUITO: 'Gratuito',
  BASICO: 'Básico',
  PREMIUM: 'Premium',
  PRO: 'Pro',
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const api = await apiForRequest(request, context)
  return json({ catalog: await withSession(request, () => call(api, planCatalogApi.get)) })
}

/** The form an answer belongs to: its id on the page, so its errors show there. */
type ActionData = { target: string; result: SubmissionResult<string[]> }

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const submission = await parseForm(request, forms.CatalogActionSchema)
  if (submission.status !== 'success') {
    const form = submission.payload
    const target = form.intent === 'plano' ? `plano-${form.plano}` : form.intent === 'linha' ? `linha-${form.id}` : 'nova-linha'
    return json<ActionData>({ target, result: submission.reply() }, { status: 400 })
  }
  const value = submission.value
  const api = await apiForRequest(request, context)
  const target = value.intent === 'plano' ? `plano-${value.plano}` : value.intent === 'nova-linha' ? 'nova-linha' : `linha-${value.id}`
  try {
    const result = await withSession(request, () => {
      switch (value.intent) {
        case 'plano':
          return call(api, planCatalogApi.updatePlan, {
            params: { plan: value.plano },
            body: {
              tagline: value.frase ?? '',
              popular: value.popular === true,
              price_cents: value.preco,
              year_price_cents: value.precoAnual ?? null,
              questions_per_week: value.questoes,
              notebooks_limit: value.cadernos,
              simulations_per_month: value.provas,
              has_simulations: value.simulados === true,
              has_study_plan: value.planoEstudos === true,
              has_commented_questions: value.analise === true,
              has_notebooks: value.temCadernos === true,
              has_comments: value.discussoes === true,
              has_chat: value.chat === true,
              has_ads: value.anuncios === true,
            },
          })
        case 'linha':
          return call(api, planCatalogApi.updateLine, {
            params: { id: String(value.id) },
            body: {
              label: value.texto,
              position: value.posicao,
              enabled: value.ligada === true,
              // An unticked box is absent: a service with none ticked belongs to no plan.
              ...(value.servico ? { plans: value.planos ?? [] } : {}),
              ...(value.minimo !== undefined ? { min_count: value.minimo } : {}),
            },
          })
        case 'nova-linha':
          return call(api, planCatalogApi.createLine, { body: { label: value.texto, plans: value.planos, enabled: value.ligada === true } })
        case 'excluir-linha':
          return call(api, planCatalogApi.deleteLine, { params: { id: String(value.id) } })
      }
    })
    return redirectWithToast(SELF, { type: 'success', title: result.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar o catálogo.')
    return json<ActionData>({ target, result: submission.reply({ formErrors: [message] }) }, { status })
  }
}

type Plan = CatalogView['plans'][number]
type Line = CatalogView['lines'][number]

const centsToReais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',')

function useBusy(formId: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('__form') === formId
}

function PlanForm({ plan, lastResult }: { plan: Plan; lastResult?: SubmissionResult<string[]> }) {
  const id = `plano-${plan.plan_name}`
  const busy = useBusy(id)
  const l = plan.limits
  const on = (flag: boolean) => (flag ? 'on' : '')
  const [form, fields] = useZodForm(forms.PlanFormSchema, {
    id,
    lastResult,
    defaultValue: {
      intent: 'plano',
      plano: plan.plan_name,
      frase: plan.tagline,
      preco: centsToReais(plan.price_cents),
      precoAnual: plan.year_price_cents === null ? '' : centsToReais(plan.year_price_cents),
      questoes: String(l.questionsPerWeek),
      cadernos: String(l.notebooksLimit),
      provas: String(l.simulationsPerMonth),
      simulados: on(l.hasSimulations),
      planoEstudos: on(l.hasStudyPlan),
      temCadernos: on(l.hasNotebooks),
      analise: on(l.hasCommentedQuestions),
      discussoes: on(l.hasComments),
      chat: on(l.hasChat),
      anuncios: on(l.hasAds),
      popular: on(plan.popular),
    },
  })
  const checkbox = (
    name: 'temCadernos' | 'simulados' | 'planoEstudos' | 'analise' | 'discussoes' | 'chat' | 'anuncios' | 'popular',
    label: string,
  ) => {
    const { key: _key, ...props } = getInputProps(fields[name], { type: 'checkbox' })
    return <CheckboxField label={label} inputProps={props} errors={fields[name].errors} />
  }
  const text = (name: 'frase' | 'preco' | 'precoAnual' | 'questoes' | 'cadernos' | 'provas', label: string, hint?: string) => {
    const field = fields[name] as typeof fields.frase
    const { key: _key, ...props } = getInputProps(field, { type: 'text' })
    return (
      <Field
        label={label}
        hint={hint}
        inputProps={{ ...props, inputMode: name === 'frase' ? undefined : 'decimal' }}
        errors={fields[name].errors}
      />
    )
  }
  return (
    <Form method="POST" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="__form" value={id} />
      <input type="hidden" name="intent" value="plano" />
      <input type="hidden" name="plano" value={plan.plan_name} />
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={busy}>
        <legend className="sr-only">Plano {plan.name}</legend>
        {text('frase', 'Frase do plano')}
        {text(
          'preco',
          'Preço mensal (R$)',
          plan.plan_name === 'GRATUITO' ? 'O Gratuito fica em 0,00.' : 'Vale para novas assinaturas e renovações.',
        )}
        {plan.plan_name === 'GRATUITO'
          ? null
          : text('precoAnual', 'Preço anual (R$)', 'Um pagamento por 12 meses. Em branco: o plano não é vendido por ano.')}
        {text('questoes', 'Questões por semana', '-1 para ilimitado.')}
        {text('cadernos', 'Cadernos', '-1 para ilimitado.')}
        {text('provas', 'Simulados de prova anterior por mês', '-1 para ilimitado, 0 para nenhum.')}
      </fieldset>
      <fieldset className="grid gap-2 sm:grid-cols-2" disabled={busy}>
        <legend className="mb-1 text-sm font-semibold">O plano inclui</legend>
        {checkbox('temCadernos', 'Cadernos')}
        {checkbox('simulados', 'Simulados do Exame de Ordem e personalizados')}
        {checkbox('planoEstudos', 'Plano de estudos')}
        {checkbox('analise', 'Análise do professor')}
        {checkbox('discussoes', 'Discussões nas questões')}
        {checkbox('chat', 'Assistente de estudos (chat)')}
        {checkbox('anuncios', 'Mostra anúncios')}
        {checkbox('popular', 'Marcar como “Mais popular”')}
      </fieldset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Salvando...' : `Salvar o ${plan.name}`}
        </button>
      </div>
    </Form>
  )
}

function PlanSection({ plan, lastResult }: { plan: Plan; lastResult?: SubmissionResult<string[]> }) {
  const titleId = `titulo-${plan.plan_name}`
  return (
    <section aria-labelledby={titleId} className="card" data-testid={`catalogo-${plan.plan_name}`}>
      <h2 id={titleId} className="text-lg font-semibold">
        {plan.name} · {plan.price_formatted}/mês
        {plan.year_price_formatted ? ` · ${plan.year_price_formatted}/ano` : ''}
      </h2>
      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium">O cartão mostra {plan.features.length} linhas</summary>
        <ul className="list-inside list-disc text-slate-700 dark:text-slate-300">
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </details>
      <PlanForm plan={plan} lastResult={lastResult} />
      <h3 className="mt-6 text-sm font-semibold">Histórico de preços</h3>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="text-slate-600 dark:text-slate-400">
              <th scope="col" className="py-1 pr-4 font-medium">
                Desde
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Período
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Preço
              </th>
              <th scope="col" className="py-1 font-medium">
                Por
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.prices.map((price) => (
              <tr key={`${price.period}-${price.effective_at}`} className="border-t border-slate-200 dark:border-slate-800">
                <td className="py-1 pr-4">{formatDateTime(price.effective_at)}</td>
                <td className="py-1 pr-4">{price.period === 'year' ? 'Anual' : 'Mensal'}</td>
                <td className="py-1 pr-4">{price.amount_formatted}</td>
                <td className="py-1">{price.created_by ?? 'Valor inicial'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function lineState(line: Line) {
  if (line.delivered && line.coverage && !line.coverage.shown) return 'Oculta: menos questões com análise do que o mínimo'
  if (line.delivered) return line.service ? 'Aparece nos planos marcados' : 'Aparece nos planos cujos limites a incluem'
  if (!line.enabled) return 'Oculta: linha desligada'
  return 'Oculta: o recurso não existe ou está desligado em Recursos'
}

function PlanBoxes({ field, label }: { field: Parameters<typeof getInputProps>[0]; label: string }) {
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
      <legend className="text-sm font-medium">{label}</legend>
      {CATALOG_PLAN_NAMES.map((plan) => {
        const { key: _key, ...props } = getInputProps(field, { type: 'checkbox', value: plan })
        return <CheckboxField key={plan} label={PLAN_LABELS[plan]} inputProps={{ ...props, id: `${field.id}-${plan}` }} />
      })}
    </fieldset>
  )
}

function LineForm({ line, lastResult }: { line: Line; lastResult?: SubmissionResult<string[]> }) {
  const id = `linha-${line.id}`
  const busy = useBusy(id)
  const [form, fields] = useZodForm(forms.LineFormSchema, {
    id,
    lastResult,
    defaultValue: {
      intent: 'linha',
      id: String(line.id),
      texto: line.label,
      posicao: String(line.position),
      ligada: line.enabled ? 'on' : '',
      servico: line.service ? 'on' : '',
      planos: line.plans,
      minimo: line.min_count === null ? '' : String(line.min_count),
    },
  })
  const { key: _m, ...minimo } = getInputProps(fields.minimo, { type: 'number' })
  const { key: _t, ...texto } = getInputProps(fields.texto, { type: 'text' })
  const { key: _p, ...posicao } = getInputProps(fields.posicao, { type: 'number' })
  const { key: _l, ...ligada } = getInputProps(fields.ligada, { type: 'checkbox' })
  return (
    <li className="card flex flex-col gap-3" data-testid="linha-catalogo">
      <Form method="POST" className="flex flex-col gap-3" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="__form" value={id} />
        <input type="hidden" name="intent" value="linha" />
        <input type="hidden" name="id" value={line.id} />
        {line.service ? <input type="hidden" name="servico" value="on" /> : null}
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          <Field label="Texto no cartão" inputProps={texto} errors={fields.texto.errors} />
          <Field label="Posição" inputProps={posicao} errors={fields.posicao.errors} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {line.service ? 'Serviço fora do software' : line.capability_description} · <strong>{lineState(line)}</strong>
        </p>
        {line.service ? <PlanBoxes field={fields.planos} label="Nos planos" /> : null}
        {line.coverage ? (
          <>
            <Field
              label="Mínimo de questões com análise"
              hint="A linha só aparece nos cartões a partir de tantas questões com análise do professor."
              inputProps={{ ...minimo, min: 0 }}
              errors={fields.minimo.errors}
            />
            <p className="text-sm" data-testid="cobertura-analise">
              Hoje: {countOf(line.coverage.count, 'questão', 'questões')} com análise do professor de{' '}
              {countOf(line.coverage.total, 'questão', 'questões')} no banco ({line.coverage.percent}%).{' '}
              <strong>{line.coverage.shown ? 'A linha aparece nos cartões.' : 'A linha está oculta nos cartões.'}</strong>
            </p>
          </>
        ) : null}
        <CheckboxField label="Linha ligada" inputProps={ligada} errors={fields.ligada.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            {busy ? 'Salvando...' : 'Salvar linha'}
          </button>
        </div>
      </Form>
      {line.service ? (
        <Form method="POST">
          <CsrfInput />
          <input type="hidden" name="intent" value="excluir-linha" />
          <input type="hidden" name="id" value={line.id} />
          <button type="submit" className="btn-secondary text-red-700 dark:text-red-300">
            Excluir “{line.label}”
          </button>
        </Form>
      ) : null}
    </li>
  )
}

function NewLineForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const id = 'nova-linha'
  const busy = useBusy(id)
  const [form, fields] = useZodForm(forms.NewLineFormSchema, { id, lastResult, defaultValue: { intent: 'nova-linha' } })
  const { key: _t, ...texto } = getInputProps(fields.texto, { type: 'text' })
  const { key: _l, ...ligada } = getInputProps(fields.ligada, { type: 'checkbox' })
  return (
    <Form method="POST" className="card flex flex-col gap-3" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="__form" value={id} />
      <input type="hidden" name="intent" value="nova-linha" />
      <h3 className="font-semibold">Novo serviço</h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Algo que a empresa oferece fora do software (mentoria, grupo, aulas). Só escreva o que existe de fato: a linha nasce desligada.
      </p>
      <Field label="Texto no cartão" inputProps={texto} errors={fields.texto.errors} />
      <PlanBoxes field={fields.planos} label="Nos planos" />
      <ErrorList errors={fields.planos.errors} />
      <CheckboxField label="Ligar agora" inputProps={ligada} errors={fields.ligada.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Criando...' : 'Criar serviço'}
        </button>
      </div>
    </Form>
  )
}

export default function AdminPlansPage() {
  const { catalog } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (target: string) => (actionData?.target === target ? actionData.result : undefined)
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Planos</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Preços, limites e o que cada cartão de plano mostra em Planos e em Trocar plano (a linha da análise também na página inicial). Os
          limites valem na próxima página de cada usuário; um preço novo vale para novas assinaturas e renovações, nunca para um período já
          pago. Um plano mais caro nunca pode ter menos que um mais barato.
        </p>
      </div>
      {catalog.plans.map((plan) => (
        <PlanSection key={plan.plan_name} plan={plan} lastResult={resultFor(`plano-${plan.plan_name}`)} />
      ))}
      <section aria-labelledby="linhas-titulo" className="flex flex-col gap-4">
        <div>
          <h2 id="linhas-titulo" className="text-xl font-bold">
            Linhas dos cartões
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Cada linha de recurso aparece só enquanto o software a entrega e nos planos cujos limites a incluem.
          </p>
        </div>
        <ul className="flex flex-col gap-4">
          {catalog.lines.map((line) => (
            <LineForm key={line.id} line={line} lastResult={resultFor(`linha-${line.id}`)} />
          ))}
        </ul>
        <NewLineForm lastResult={resultFor('nova-linha')} />
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
