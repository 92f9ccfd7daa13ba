import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { BarChart3, BookOpenCheck, Filter, Moon, NotebookPen, Scale, Smartphone } from 'lucide-react'

import { call } from '#server/client/call'
import { billingApi } from '#server/features/plans/contract'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useRootData } from '~/root'
import { apiForRequest, withSession } from '~/utils/session.server'

export const meta: MetaFunction = () => [
  { title: 'Gabarita — Sua aprovação é nossa meta' },
  {
    name: 'description',
    content:
      'Resolva questões no formato do Exame de Ordem (OAB) com filtros por disciplina, assunto, dificuldade, ano e banca, e acompanhe o seu progresso.',
  },
]

const FEATURES = [
  {
    Icon: Filter,
    title: 'Filtros que economizam tempo',
    text: 'Busque por texto e combine disciplina, assunto, dificuldade, ano e banca para treinar exatamente o que falta.',
  },
  {
    Icon: BookOpenCheck,
    title: 'Gabarito e explicação',
    text: 'Responda primeiro, confira depois: o gabarito só aparece quando você pede, com a análise do professor ou o comentário da prova quando houver.',
  },
  {
    Icon: NotebookPen,
    title: 'Cadernos e anotações',
    text: 'Guarde questões em cadernos por tema e escreva anotações privadas para revisar na reta final.',
  },
  {
    Icon: BarChart3,
    title: 'Seu desempenho à vista',
    text: 'O painel mostra o que você já resolveu e a sua taxa de acerto por disciplina, para decidir o que estudar a seguir.',
  },
  {
    Icon: Smartphone,
    title: 'Feito para o celular',
    text: 'Páginas leves que funcionam em conexões lentas e até com o JavaScript desligado.',
  },
  {
    Icon: Moon,
    title: 'Estudo noturno confortável',
    text: 'Tema claro, escuro ou o do seu sistema, com texto de alto contraste nos dois.',
  },
]

const STEPS = [
  { title: 'Crie sua conta grátis', text: 'O plano Gratuito libera 5 questões por semana, sem cartão de crédito.' },
  { title: 'Monte seu treino', text: 'Filtre as questões da OAB pelo que você precisa revisar hoje.' },
  { title: 'Revise e evolua', text: 'Confira gabaritos, anote, organize cadernos e acompanhe seu progresso.' },
]

// The analysis claim is the plan cards' own line (issue 40): the same count as /planos, or none.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiForRequest(request, context)
  const plans = await withSession(request, () => call(api, billingApi.plans))
  return json({ analysisLine: plans.analysis_line })
}

export default function Index() {
  const { analysisLine } = useLoaderData<typeof loader>()
  const user = useRootData()?.user ?? null
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white dark:border-slate-800 dark:from-brand-950 dark:to-slate-950">
        <div className="container-page py-16 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
            Banco de questões para a OAB e concursos
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Sua aprovação é nossa meta</h1>
          <p className="mt-4 max-w-prose text-lg text-slate-700 dark:text-slate-300">
            Treine com questões no formato do Exame de Ordem, entenda cada resposta e organize a sua revisão em um só lugar.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {user ? (
              <Link to="/dashboard" className="btn-primary">
                Ir para o meu painel
              </Link>
            ) : (
              <Link to="/cadastrar" className="btn-primary">
                Cadastrar Grátis
              </Link>
            )}
            <Link to="/planos" className="btn-secondary">
              Conhecer os planos
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="oab-title" className="container-page py-12">
        <div className="card flex flex-col gap-6 border-brand-200 bg-brand-50 sm:flex-row sm:items-center dark:border-brand-900 dark:bg-brand-950">
          <Scale className="h-12 w-12 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
          <div className="flex-1">
            <h2 id="oab-title" className="text-2xl font-semibold">
              Prepare-se para a OAB
            </h2>
            <p className="mt-2 max-w-prose text-slate-700 dark:text-slate-300">
              A primeira fase do Exame de Ordem tem 80 questões objetivas em 5 horas, e são necessários 40 acertos para seguir à segunda
              fase. Pratique com questões nesse formato, organizadas por disciplina e assunto.
            </p>
          </div>
          <Link to="/questoes" className="btn-primary shrink-0">
            Praticar questões da OAB
          </Link>
        </div>
      </section>

      <section aria-labelledby="features-title" className="container-page py-12">
        <h2 id="features-title" className="text-2xl font-bold sm:text-3xl">
          Tudo o que você precisa para treinar
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ Icon, title, text }) => (
            <li key={title} className="card">
              <Icon className="h-8 w-8 text-brand-600 dark:text-brand-300" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
              {Icon === BookOpenCheck && analysisLine ? (
                <p className="mt-2 font-medium text-slate-700 dark:text-slate-200" data-testid="linha-analise">
                  {analysisLine}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="container-page py-12">
        <h2 id="steps-title" className="text-2xl font-bold sm:text-3xl">
          Como funciona
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                aria-hidden
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 text-slate-600 dark:text-slate-300">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10">
          <Link to="/questoes" className="btn-secondary">
            Ver o banco de questões
          </Link>
        </div>
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
