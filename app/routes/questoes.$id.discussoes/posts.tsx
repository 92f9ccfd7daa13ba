import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Form, Link, useFetcher } from '@remix-run/react'
import type { ReactNode } from 'react'

import type { ForumReplyJson, ForumTopicJson } from '#server/features/forum/contract'
import { POST_CONTENT_MAX, TOPIC_TITLE_MAX } from '#server/features/forum/limits'
import { initials, MASCOT_ICONS } from '~/components/avatar'
import { CsrfInput } from '~/components/csrf-input'
import { ErrorList, Field, TextareaField } from '~/components/forms'
import { formatDateTime } from '~/utils/format'
import { useHydrated } from '~/utils/use-hydrated'
import { useZodForm } from '~/utils/use-zod-form'

import type { DiscussionActionData } from './discussoes.server'
import { ForumIcon } from './forum-icons'
import { relativeTime } from './relative-time'
import * as forms from './schemas.forms'

// The posts of Discussões and their small forms. Every text is rendered as React text (never
// HTML), line breaks kept by CSS; nothing is turned into a link.

type Ctx = {
  /** The discussion URL every form posts to. */
  action: string
  now: string
  canPost: boolean
  actionData?: DiscussionActionData
  /** The one post form (edit, report) shown open: the URL's `formulario`, or a click with JS. */
  openForm: string | null
  setOpenForm: (formId: string | null) => void
  /** This discussion's URL with `formulario` naming the form. */
  formHref: (formId: string) => string
}

type Kind = 'topico' | 'resposta'

/** The Conform result of the action, only for the form it came from. */
function resultFor(actionData: DiscussionActionData | undefined, formId: string) {
  return actionData && 'formId' in actionData && actionData.formId === formId ? actionData.result : undefined
}

function AuthorAvatar({ author }: { author: ForumTopicJson['author'] }) {
  if (!author)
    return (
      <span className="forum-avatar" aria-hidden>
        ?
      </span>
    )
  if (author.avatar_url)
    return (
      <span className="forum-avatar">
        <img src={author.avatar_url} alt="" />
      </span>
    )
  const Icon = author.mascot ? MASCOT_ICONS[author.mascot] : undefined
  return (
    <span className="forum-avatar" aria-hidden>
      {Icon ? <Icon className="h-4 w-4" /> : initials(author.name)}
    </span>
  )
}

function Byline({ post, now }: { post: ForumTopicJson | ForumReplyJson; now: string }) {
  return (
    <p className="forum-meta">
      <AuthorAvatar author={post.author} />
      <span className="font-semibold text-slate-800 dark:text-slate-100">
        {post.author ? (post.is_mine ? `${post.author.name} (você)` : post.author.name) : 'Usuário removido'}
      </span>
      <time dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
        {relativeTime(post.createdAt, now)}
      </time>
      {post.edited_at ? <span>(editado)</span> : null}
      {post.hidden ? <span className="forum-badge is-hidden">Oculto pela moderação</span> : null}
    </p>
  )
}

/** The spec's rule, for the optimistic counts: the same vote clears, the opposite moves one count. */
function applyVote(state: { up: number; down: number; vote: string }, choice: 'up' | 'down') {
  let { up, down } = state
  if (state.vote === 'up') up -= 1
  if (state.vote === 'down') down -= 1
  const vote = state.vote === choice ? 'none' : choice
  if (vote === 'up') up += 1
  if (vote === 'down') down += 1
  return { up, down, vote }
}

export function Votes({ kind, post, ctx }: { kind: Kind; post: ForumTopicJson | ForumReplyJson; ctx: Ctx }) {
  const hydrated = useHydrated()
  const counts = { up: post.upvotes, down: post.downvotes, vote: post.userVote as string }
  if (!ctx.canPost || post.hidden) {
    return (
      <span className="forum-actions" aria-label="Votos">
        <span className="forum-count">
          <ForumIcon name="up" /> <span className="sr-only">Votos a favor:</span>
          {counts.up}
        </span>
        <span className="forum-count">
          <ForumIcon name="down" /> <span className="sr-only">Votos contra:</span>
          {counts.down}
        </span>
      </span>
    )
  }
  // The server (and the first render in the browser) draws a plain form: the no-JS POST, which
  // redirects back. Once hydrated a fetcher takes over; one per post was a fifth of the render
  // of a discussion with 140 posts.
  if (!hydrated) {
    return (
      <form method="post" action={ctx.action} className={VOTE_FORM_CLASS}>
        <VoteFields kind={kind} post={post} counts={counts} />
        <input type="hidden" name="redirectTo" value={ctx.action} />
      </form>
    )
  }
  return <FetcherVotes kind={kind} post={post} counts={counts} ctx={ctx} />
}

const VOTE_FORM_CLASS = 'inline-flex flex-wrap items-center gap-2'
type Counts = { up: number; down: number; vote: string }

function FetcherVotes({ kind, post, counts, ctx }: { kind: Kind; post: ForumTopicJson | ForumReplyJson; counts: Counts; ctx: Ctx }) {
  const fetcher = useFetcher<DiscussionActionData>({ key: `voto-${kind}-${post.id}` })
  const pending = fetcher.formData?.get('voto')
  const state = pending === 'up' || pending === 'down' ? applyVote(counts, pending) : counts
  const error = fetcher.state === 'idle' && fetcher.data && 'error' in fetcher.data ? fetcher.data.error : null
  return (
    <fetcher.Form method="post" action={ctx.action} preventScrollReset className={VOTE_FORM_CLASS}>
      <VoteFields kind={kind} post={post} counts={state} />
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </fetcher.Form>
  )
}

function VoteFields({ kind, post, counts }: { kind: Kind; post: ForumTopicJson | ForumReplyJson; counts: Counts }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value="votar" />
      <input type="hidden" name="tipo" value={kind} />
      <input type="hidden" name="item" value={post.id} />
      <button type="submit" name="voto" value="up" className="forum-vote" aria-pressed={counts.vote === 'up'}>
        <ForumIcon name="up" /> <span className="sr-only">Votar a favor:</span> {counts.up}
      </button>
      <button type="submit" name="voto" value="down" className="forum-vote" aria-pressed={counts.vote === 'down'}>
        <ForumIcon name="down" /> <span className="sr-only">Votar contra:</span> {counts.down}
      </button>
    </>
  )
}

/**
 * A post's edit or report form, rendered only when asked for. Closed, it is a link to this
 * discussion with `formulario=<form id>` (the URL is the state without JS; with JS a click
 * opens it in place). Open, or back from the action with errors, it is the form itself. A form
 * on every post was most of a discussion's render (ADR 033).
 */
function OnDemand({
  formId,
  icon,
  label,
  ctx,
  children,
}: {
  formId: string
  icon: 'edit' | 'flag'
  label: string
  ctx: Ctx
  children: (opened: boolean) => ReactNode
}) {
  const hydrated = useHydrated()
  const returned = resultFor(ctx.actionData, formId) !== undefined
  if (ctx.openForm !== formId && !returned) {
    return (
      <Link
        to={ctx.formHref(formId)}
        preventScrollReset
        className="forum-more-link"
        onClick={(event) => {
          if (!hydrated) return
          event.preventDefault()
          ctx.setOpenForm(formId)
        }}
      >
        <ForumIcon name={icon} className="mr-1 h-4 w-4" /> {label}
      </Link>
    )
  }
  return (
    <details
      className="forum-more"
      open
      onToggle={(event) => {
        if (!event.currentTarget.open) ctx.setOpenForm(null)
      }}
    >
      <summary>
        <ForumIcon name={icon} className="mr-1 h-4 w-4" /> {label}
      </summary>
      {children(!returned)}
    </details>
  )
}

export function NewTopicForm({ ctx }: { ctx: Ctx }) {
  const lastResult = resultFor(ctx.actionData, 'novo-topico')
  const [form, fields] = useZodForm(forms.NewTopicFormSchema, { id: 'novo-topico', lastResult })
  return (
    <details className="forum-more" open={lastResult ? true : undefined}>
      <summary className="btn-primary">Novo Tópico</summary>
      <Form method="post" action={ctx.action} className="mt-3 space-y-3" {...getFormProps(form)}>
        <CsrfInput />
        <Field
          label="Título"
          inputProps={{ ...getInputProps(fields.titulo, { type: 'text' }), maxLength: TOPIC_TITLE_MAX }}
          errors={fields.titulo.errors}
        />
        <TextareaField
          label="Conteúdo"
          textareaProps={{ ...getTextareaProps(fields.conteudo), maxLength: POST_CONTENT_MAX, rows: 5 }}
          errors={fields.conteudo.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="topico" className="btn-primary">
          Publicar tópico
        </button>
      </Form>
    </details>
  )
}

function ReplyForm({ topicId, ctx }: { topicId: number; ctx: Ctx }) {
  const id = `responder-${topicId}`
  const lastResult = resultFor(ctx.actionData, id)
  const [form, fields] = useZodForm(forms.ReplyFormSchema, { id, lastResult })
  return (
    <Form method="post" action={ctx.action} className="mt-3 space-y-2" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="topico" value={topicId} />
      <TextareaField
        label="Sua resposta"
        textareaProps={{ ...getTextareaProps(fields.conteudo), maxLength: POST_CONTENT_MAX, rows: 3, className: 'input min-h-20' }}
        errors={fields.conteudo.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="responder" className="btn-secondary">
        Responder
      </button>
    </Form>
  )
}

function EditTopicForm({ topic, ctx, focus }: { topic: ForumTopicJson; ctx: Ctx; focus: boolean }) {
  const id = `editar-topico-${topic.id}`
  const [form, fields] = useZodForm(forms.EditTopicFormSchema, {
    id,
    lastResult: resultFor(ctx.actionData, id),
    defaultValue: { titulo: topic.title, conteudo: topic.content },
  })
  return (
    <Form method="post" action={ctx.action} className="mt-2 space-y-2" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="item" value={topic.id} />
      <Field
        label="Título"
        inputProps={{ ...getInputProps(fields.titulo, { type: 'text' }), maxLength: TOPIC_TITLE_MAX, autoFocus: focus }}
        errors={fields.titulo.errors}
      />
      <TextareaField
        label="Conteúdo"
        textareaProps={{ ...getTextareaProps(fields.conteudo), maxLength: POST_CONTENT_MAX, rows: 4 }}
        errors={fields.conteudo.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="editar-topico" className="btn-secondary">
        Salvar edição
      </button>
    </Form>
  )
}

function EditReplyForm({ reply, ctx, focus }: { reply: ForumReplyJson; ctx: Ctx; focus: boolean }) {
  const id = `editar-resposta-${reply.id}`
  const [form, fields] = useZodForm(forms.EditReplyFormSchema, {
    id,
    lastResult: resultFor(ctx.actionData, id),
    defaultValue: { conteudo: reply.content },
  })
  return (
    <Form method="post" action={ctx.action} className="mt-2 space-y-2" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="item" value={reply.id} />
      <TextareaField
        label="Resposta"
        textareaProps={{ ...getTextareaProps(fields.conteudo), maxLength: POST_CONTENT_MAX, rows: 3, autoFocus: focus }}
        errors={fields.conteudo.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="editar-resposta" className="btn-secondary">
        Salvar edição
      </button>
    </Form>
  )
}

/** Two steps, JS or not: open 'Excluir', then confirm. */
function DeleteForm({ kind, id, ctx }: { kind: Kind; id: number; ctx: Ctx }) {
  return (
    <details className="forum-more">
      <summary>
        <ForumIcon name="trash" className="mr-1 h-4 w-4" /> Excluir
      </summary>
      <Form method="post" action={ctx.action} className="mt-2 flex flex-wrap items-center gap-2">
        <CsrfInput />
        <input type="hidden" name="tipo" value={kind} />
        <input type="hidden" name="item" value={id} />
        <span className="text-sm">{kind === 'topico' ? 'Excluir este tópico?' : 'Excluir esta resposta?'}</span>
        <button type="submit" name="intent" value="excluir" className="btn-secondary">
          Confirmar exclusão
        </button>
      </Form>
    </details>
  )
}

function FlagForm({ kind, id, ctx, focus }: { kind: Kind; id: number; ctx: Ctx; focus: boolean }) {
  const formId = `denunciar-${kind}-${id}`
  const [form, fields] = useZodForm(forms.FlagFormSchema, { id: formId, lastResult: resultFor(ctx.actionData, formId) })
  return (
    <Form method="post" action={ctx.action} className="mt-2 space-y-2" {...getFormProps(form)}>
      <CsrfInput />
      <input type="hidden" name="tipo" value={kind} />
      <input type="hidden" name="item" value={id} />
      <Field
        label="Motivo da denúncia"
        inputProps={{ ...getInputProps(fields.motivo, { type: 'text' }), maxLength: 500, autoFocus: focus }}
        errors={fields.motivo.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" name="intent" value="denunciar" className="btn-secondary">
        Enviar denúncia
      </button>
    </Form>
  )
}

function PostTools({ kind, post, ctx }: { kind: Kind; post: ForumTopicJson | ForumReplyJson; ctx: Ctx }) {
  const target = `${kind}-${post.id}`
  return (
    <div className="forum-actions">
      <Votes kind={kind} post={post} ctx={ctx} />
      {post.is_mine && ctx.canPost ? (
        <OnDemand formId={`editar-${target}`} icon="edit" label="Editar" ctx={ctx}>
          {(focus) =>
            kind === 'topico' ? (
              <EditTopicForm topic={post as ForumTopicJson} ctx={ctx} focus={focus} />
            ) : (
              <EditReplyForm reply={post as ForumReplyJson} ctx={ctx} focus={focus} />
            )
          }
        </OnDemand>
      ) : null}
      {post.is_mine ? <DeleteForm kind={kind} id={post.id} ctx={ctx} /> : null}
      {!post.is_mine && !post.hidden ? (
        post.flagged_by_me ? (
          <span className="forum-meta">
            <ForumIcon name="flag" /> Denunciado por você
          </span>
        ) : (
          <OnDemand formId={`denunciar-${target}`} icon="flag" label="Denunciar" ctx={ctx}>
            {(focus) => <FlagForm kind={kind} id={post.id} ctx={ctx} focus={focus} />}
          </OnDemand>
        )
      ) : null}
    </div>
  )
}

export function TopicItem({ topic, ctx }: { topic: ForumTopicJson; ctx: Ctx }) {
  const classes = ['forum-topic', topic.isHighlighted ? 'is-highlighted' : '', topic.hidden ? 'is-hidden' : ''].filter(Boolean).join(' ')
  return (
    <article id={`topico-${topic.id}`} className={classes} aria-labelledby={`topico-${topic.id}-titulo`}>
      <div className="flex flex-wrap items-center gap-2">
        {topic.isHighlighted ? (
          <span className="forum-badge">
            <ForumIcon name="star" className="mr-1 inline h-3 w-3" />
            Destaque
          </span>
        ) : null}
        <h3
          id={`topico-${topic.id}-titulo`}
          className={`forum-text text-lg font-semibold ${topic.deleted ? 'italic text-slate-500 dark:text-slate-400' : ''}`}
        >
          {topic.title}
        </h3>
      </div>
      {topic.deleted ? null : <Byline post={topic} now={ctx.now} />}
      <p className={`forum-text mt-2 ${topic.deleted ? 'italic text-slate-500 dark:text-slate-400' : ''}`}>{topic.content}</p>
      {topic.deleted ? null : <PostTools kind="topico" post={topic} ctx={ctx} />}

      <section aria-label={`Respostas de ${topic.deleted ? 'tópico removido' : topic.title}`} className="mt-3 space-y-3">
        <h4 className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          {topic.reply_count === 0 ? 'Nenhuma resposta ainda.' : topic.reply_count === 1 ? '1 resposta' : `${topic.reply_count} respostas`}
        </h4>
        {topic.replies.length ? (
          <ol className="space-y-3">
            {topic.replies.map((reply) => (
              <li key={reply.id} id={`resposta-${reply.id}`} className={`forum-reply ${reply.hidden ? 'is-hidden' : ''}`}>
                <Byline post={reply} now={ctx.now} />
                <p className="forum-text mt-1">{reply.content}</p>
                <PostTools kind="resposta" post={reply} ctx={ctx} />
              </li>
            ))}
          </ol>
        ) : null}
        {ctx.canPost && !topic.deleted && !topic.hidden ? <ReplyForm key={topic.reply_count} topicId={topic.id} ctx={ctx} /> : null}
      </section>
    </article>
  )
}
