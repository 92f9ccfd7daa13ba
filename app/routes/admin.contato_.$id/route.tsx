import { getFormProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { CONTACT_REPLY_MAX } from '#server/features/contact-admin/messages'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, TextareaField } from '~/components/forms'
import { formatDateTime } from '~/utils/format'
import { useZodForm } from '~/utils/use-zod-form'

import { loadContactMessage, replyAction } from './mensagem.server'
import * as forms from './schemas.forms'

// /admin/contato/:id (issue 28): one contact message, marked read by opening it, and the reply
// form: the answer goes by mail to the sender and stays here, under the original.

export const meta: MetaFunction = () => [{ title: 'Mensagem de contato — Painel Administrativo — Gabarita' }]

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadContactMessage(request, params, context)
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return replyAction(request, params, context)
}

export default function AdminContactMessagePage() {
  const { message } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useZodForm(forms.ContactReplyFormSchema, { id: 'resposta-contato', lastResult: actionData?.result })
  return (
    <div className="max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/contato" className="underline">
          Voltar às mensagens de contato
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold [overflow-wrap:anywhere]">{message.subject}</h1>
      <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
        <span
          className="mr-2 rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-100"
          data-testid="situacao"
        >
          {message.status_label}
        </span>
        {`De ${message.name} (${message.email}) · ${formatDateTime(message.created_at)}`}
      </p>
      <blockquote
        aria-label="Mensagem original"
        className="mt-4 whitespace-pre-wrap border-l-4 border-slate-300 pl-4 [overflow-wrap:anywhere] dark:border-slate-600"
      >
        {message.message}
      </blockquote>
      {message.reply !== null ? (
        <section aria-labelledby="resposta-titulo" className="card mt-6 p-4">
          <h2 id="resposta-titulo" className="text-lg font-semibold">
            Resposta
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {`Enviada para ${message.email} em ${formatDateTime(message.replied_at)}${message.replied_by ? ` por ${message.replied_by.name}` : ''}`}
          </p>
          <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{message.reply}</p>
        </section>
      ) : (
        <Form method="post" className="mt-6 space-y-3" {...getFormProps(form)}>
          <CsrfInput />
          <TextareaField
            label="Resposta"
            textareaProps={{ ...getTextareaProps(fields.resposta), maxLength: CONTACT_REPLY_MAX, rows: 6 }}
            errors={fields.resposta.errors}
          />
          <p className="text-sm text-slate-600 dark:text-slate-400">{`A resposta vai por email para ${message.email}.`}</p>
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? 'Enviando...' : 'Responder'}
          </button>
        </Form>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
