import { getFormProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { CHAT_CONTENT_MAX } from '#server/features/chat/limits'
import type { ChatActionData } from '~/chat/chat.server'
import { chatAction, loadChat } from '~/chat/chat.server'
import { ASSISTANT_INTRO, ChatMessageItem, EXAMPLE_QUESTIONS, TypingIndicator } from '~/chat/conversation'
import * as forms from '~/chat/schemas.forms'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, TextareaField } from '~/components/forms'
import { useZodForm } from '~/utils/use-zod-form'

// Assistente de estudos (issue 14): the page that works without JavaScript: the conversation
// (oldest first), the form under it (POST, then a redirect to the new reply at #ultima) and
// 'Limpar conversa' with a confirmation step. For a plan without chat, or with the admin
// toggle off, the page says why and points to the plans. With JS the widget (root) does the same.

export const meta: MetaFunction = () => [{ title: 'Assistente de estudos — Gabarita' }, { name: 'robots', content: 'noindex' }]

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadChat(request, context)
}

export function action({ request, context }: ActionFunctionArgs) {
  return chatAction(request, context)
}

export default function AssistantPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Assistente de estudos</h1>
      {data.allowed ? <Conversation data={data} /> : <Unavailable reason={data.reason} message={data.message} />}
    </div>
  )
}

function Unavailable({ reason, message }: { reason: 'plan' | 'disabled'; message: string }) {
  return (
    <section aria-labelledby="indisponivel" className="card mt-6 p-6" data-testid="assistente-indisponivel">
      <h2 id="indisponivel" className="text-lg font-semibold">
        {reason === 'plan' ? 'O assistente faz parte dos planos Premium e Pro' : 'O assistente está desativado no momento'}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{message.replace(/ Conheça os planos em \/planos\.$/, '')}</p>
      {reason === 'plan' ? (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Com ele você escreve uma dúvida e recebe as questões e os assuntos do banco que tratam dela, com links para praticar.
          </p>
          <Link to="/planos" className="btn-primary mt-4 inline-flex">
            Ver planos
          </Link>
        </>
      ) : (
        <Link to="/questoes" className="btn-secondary mt-4 inline-flex">
          Ir para o banco de questões
        </Link>
      )}
    </section>
  )
}

function Conversation({ data }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { allowed: true }> }) {
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'enviar'
  const pending = sending ? String(navigation.formData?.get('pergunta') ?? '') : ''
  const lastBot = data.messages.findLastIndex((m) => m.type === 'bot')
  return (
    <>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{ASSISTANT_INTRO}</p>
      <section aria-labelledby="conversa-titulo" className="mt-6">
        <h2 id="conversa-titulo" className="sr-only">
          Conversa
        </h2>
        {data.messages.length === 0 && !sending ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-6 dark:border-slate-700" data-testid="chat-vazio">
            <p className="font-semibold">Nenhuma mensagem ainda.</p>
            <p className="mt-1 text-slate-700 dark:text-slate-300">Escreva um tema ou uma dúvida. Por exemplo:</p>
            <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700 dark:text-slate-300">
              {EXAMPLE_QUESTIONS.map((q) => (
                <li key={q}>{q}</li>
              ))}
            </ul>
          </div>
        ) : (
          <div role="log" aria-label="Mensagens da conversa">
            <ol className="space-y-3">
              {data.messages.map((m, i) => (
                <ChatMessageItem key={m.id} message={m} last={i === lastBot} />
              ))}
              {pending ? (
                <>
                  <ChatMessageItem message={{ id: 0, type: 'user', content: pending, links: [], created_at: '' }} />
                  <TypingIndicator />
                </>
              ) : null}
            </ol>
          </div>
        )}
      </section>
      <SendForm key={data.messages.at(-1)?.id ?? 0} sending={sending} />
      {data.messages.length ? <ClearConversation confirm={data.confirmClear} /> : null}
    </>
  )
}

function SendForm({ sending }: { sending: boolean }) {
  const actionData = useActionData<typeof action>() as ChatActionData | undefined
  const lastResult = actionData && !actionData.ok ? actionData.result : undefined
  const [form, fields] = useZodForm(forms.SendSchema, { id: 'pergunta-assistente', lastResult })
  return (
    <Form method="post" action="/assistente" className="mt-6 space-y-2" {...getFormProps(form)}>
      <CsrfInput />
      <TextareaField
        label="Sua pergunta"
        textareaProps={{
          ...getTextareaProps(fields.pergunta),
          maxLength: CHAT_CONTENT_MAX,
          rows: 3,
          placeholder: 'Ex.: Quais são os requisitos da usucapião especial urbana?',
        }}
        errors={fields.pergunta.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="enviar" className="btn-primary" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar'}
      </button>
    </Form>
  )
}

function ClearConversation({ confirm }: { confirm: boolean }) {
  if (!confirm) {
    return (
      <p className="mt-6">
        <Link to="/assistente?limpar=1#limpar" className="btn-secondary">
          Limpar conversa
        </Link>
      </p>
    )
  }
  return (
    <Form
      method="post"
      action="/assistente"
      id="limpar"
      className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950"
      role="group"
      aria-label="Confirmar limpeza da conversa"
    >
      <CsrfInput />
      <p className="font-semibold">Apagar toda a conversa com o assistente? Não é possível desfazer.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="submit" name="intent" value="limpar" className="btn-primary bg-red-700 hover:bg-red-800">
          Limpar conversa
        </button>
        <Link to="/assistente#ultima" className="btn-secondary">
          Cancelar
        </Link>
      </div>
    </Form>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
