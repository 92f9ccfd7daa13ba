import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { Clock, Mail } from 'lucide-react'

import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorList, Field, TextareaField, withoutKey } from '~/components/forms'
import { useZodForm } from '~/utils/use-zod-form'

import { submitContact } from './contato.server'
import * as forms from './schemas.forms'

export const meta: MetaFunction = () => [
  { title: 'Contato — Gabarita' },
  { name: 'description', content: 'Fale com a equipe do Gabarita: dúvidas sobre a plataforma, planos e assinatura.' },
]

const CONTACT_EMAIL = 'contato@gabarita.app'

export function loader({ request }: LoaderFunctionArgs) {
  // After a successful POST we land on /contato?enviado=1 with the success toast (shown
  // once: no inline copy of it); `sent` only gives the form a fresh, empty start.
  return json({ sent: new URL(request.url).searchParams.get('enviado') === '1' })
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitContact(request, context)
}

function ContactForm() {
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formAction === '/contato'
  const [form, fields] = useZodForm(forms.ContactSchema, { id: 'contato', lastResult, shouldValidate: 'onBlur' })

  return (
    <Form method="POST" action="/contato" className="flex flex-col gap-4" {...getFormProps(form)}>
      <CsrfInput />
      <Field
        label="Nome"
        inputProps={{ ...withoutKey(getInputProps(fields.name, { type: 'text' })), autoComplete: 'name' }}
        errors={fields.name.errors}
      />
      <Field
        label="Email"
        inputProps={{ ...withoutKey(getInputProps(fields.email, { type: 'email' })), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <Field label="Assunto" inputProps={withoutKey(getInputProps(fields.subject, { type: 'text' }))} errors={fields.subject.errors} />
      <TextareaField
        label="Mensagem"
        textareaProps={{ ...withoutKey(getTextareaProps(fields.message)), rows: 6 }}
        errors={fields.message.errors}
      />
      {/* Honeypot: hidden from people (off-screen, out of the tab order); bots fill every field. */}
      <div className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contato-website">Deixe este campo em branco (ele serve para barrar robôs)</label>
        <input id="contato-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? 'Enviando...' : 'Enviar mensagem'}
        </button>
      </div>
    </Form>
  )
}

export default function ContactPage() {
  const { sent } = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <div className="container-page py-12">
      <header className="max-w-prose">
        <h1 className="text-3xl font-bold sm:text-4xl">Fale conosco</h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
          Dúvidas sobre as questões, os planos ou a sua conta? Escreva para a gente: respondemos por email.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="form-title" className="card relative">
          <h2 id="form-title" className="mb-4 text-xl font-semibold">
            Envie uma mensagem
          </h2>
          {/* A new key after each successful send: the form starts empty again (with JS too). */}
          <ContactForm key={sent ? location.key : 'contato'} />
        </section>

        <aside className="flex flex-col gap-6">
          <section aria-labelledby="details-title" className="card">
            <h2 id="details-title" className="text-xl font-semibold">
              Informações de contato
            </h2>
            <ul className="mt-4 flex flex-col gap-3">
              <li className="flex items-start gap-3">
                <Mail className="mt-1 h-5 w-5 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />
                <span>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">Email</span>
                  <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                    {CONTACT_EMAIL}
                  </a>
                </span>
              </li>
              <li className="flex items-start gap-3">
                <Clock className="mt-1 h-5 w-5 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />
                <span>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">Horário de atendimento</span>
                  <span className="font-medium">Segunda a sexta, das 9h às 18h</span>
                </span>
              </li>
            </ul>
          </section>

          <section aria-labelledby="faq-title" className="card">
            <h2 id="faq-title" className="text-xl font-semibold">
              Perguntas frequentes
            </h2>
            <div className="mt-4 flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
              <details className="group py-3">
                <summary className="flex min-h-11 cursor-pointer items-center font-medium">Como funciona a plataforma?</summary>
                <p className="mt-2 text-slate-600 dark:text-slate-300">
                  Você escolhe a disciplina, o assunto, a dificuldade, o ano ou a banca e resolve questões no formato do Exame de Ordem.
                  Depois de responder, confere o gabarito e, quando houver, a análise do professor ou o comentário da prova; guarda questões
                  nos seus cadernos, faz anotações e acompanha o seu desempenho no painel.
                </p>
              </details>
              <details className="group py-3">
                <summary className="flex min-h-11 cursor-pointer items-center font-medium">Posso cancelar minha assinatura?</summary>
                <p className="mt-2 text-slate-600 dark:text-slate-300">
                  Sim, a qualquer momento, pelo seu painel, sem multa nem taxa de cancelamento. Você continua com acesso ao plano até o fim
                  do período já pago.
                </p>
              </details>
            </div>
          </section>
        </aside>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
