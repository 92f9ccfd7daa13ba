import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Form, useFetcher } from '@remix-run/react'

import type { ForumReplyJson, ForumTopicJson } from '#server/client/forum'
import { POST_CONTENT_MAX, TOPIC_TITLE_MAX } from '#server/domain/forum/limits'
import { initials, MASCOT_ICONS } from '~/components/avatar'
import { CsrfInput } from '~/components/csrf-input'
import { ErrorList, Field, TextareaField } from '~/components/forms'
import { ForumIcon } from '~/components/icons'
import { useHydrated } from '~/utils/use-hydrated'
import { useZodForm } from '~/utils/use-zod-form'

import type { DiscussionActionData } from './discussoes.server'
import { absoluteTime, relativeTime } from './relative-time'
import * as forms from './schemas.forms'

// The posts of Discussões and their small forms. Every text is rendered as React text (never
// HTML), line breaks kept by CSS; nothing is turned into a link.

type Ctx = {
  /** The discussion URL every form posts to. */
  action: string
  now: string
  canPost: boolean
  actionData?: DiscussionActionData
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
      <time dateTime={post.created_at} title={absoluteTime(post.created_at)}>
        {relativeTime(post.created_at, now)}
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
  const fetcher = useFetcher<DiscussionActionData>({ key: `voto-${kind}-${post.id}` })
  const base = { up: post.upvotes, down: post.downvotes, vote: post.user_vote as string }
  const pending = fetcher.formData?.get('voto')
  const state = pending === 'up' || pending === 'down' ? applyVote(base, pending) : base
  const error = fetcher.state === 'idle' && fetcher.data && 'error' in fetcher.data ? fetcher.data.error : null
  if (!ctx.canPost || post.hidden) {
    return (
      <span className="forum-actions" aria-label="Votos">
        <span className="forum-count">
          <ForumIcon name="up" /> <span className="sr-only">Votos a favor:</span>
          {state.up}
        </span>
        <span className="forum-count">
          <ForumIcon name="down" /> <span className="sr-only">Votos contra:</span>
          {state.down}
        </span>
      </span>
    )
  }
  return (
    <fetcher.Form method="post" action={ctx.action} preventScrollReset className="inline-flex flex-wrap items-center gap-2">
      <CsrfInput />
      <input type="hidden" name="intent" value="votar" />
      <input type="hidden" name="tipo" value={kind} />
      <input type="hidden" name="item" value={post.id} />
      {/* Only without JS: the plain POST redirects back; the fetcher gets JSON. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={ctx.action} />}
      <button type="submit" name="voto" value="up" className="forum-vote" aria-pressed={state.vote === 'up'}>
        <ForumIcon name="up" /> <span className="sr-only">Votar a favor:</span> {state.up}
      </button>
      <button type="submit" name="voto" value="down" className="forum-vote" aria-pressed={state.vote === 'down'}>
        <ForumIcon name="down" /> <span className="sr-only">Votar contra:</span> {state.down}
      </button>
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </fetcher.Form>
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

function EditTopicForm({ topic, ctx }: { topic: ForumTopicJson; ctx: Ctx }) {
  const id = `editar-topico-${topic.id}`
  const lastResult = resultFor(ctx.actionData, id)
  const [form, fields] = useZodForm(forms.EditTopicFormSchema, {
    id,
    lastResult,
    defaultValue: { titulo: topic.title, conteudo: topic.content },
  })
  return (
    <details className="forum-more" open={lastResult ? true : undefined}>
      <summary>
        <ForumIcon name="edit" className="mr-1 h-4 w-4" /> Editar
      </summary>
      <Form method="post" action={ctx.action} className="mt-2 space-y-2" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="item" value={topic.id} />
        <Field
          label="Título"
          inputProps={{ ...getInputProps(fields.titulo, { type: 'text' }), maxLength: TOPIC_TITLE_MAX }}
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
    </details>
  )
}

function EditReplyForm({ reply, ctx }: { reply: ForumReplyJson; ctx: Ctx }) {
  const id = `editar-resposta-${reply.id}`
  const lastResult = resultFor(ctx.actionData, id)
  const [form, fields] = useZodForm(forms.EditReplyFormSchema, { id, lastResult, defaultValue: { conteudo: reply.content } })
  return (
    <details className="forum-more" open={lastResult ? true : undefined}>
      <summary>
        <ForumIcon name="edit" className="mr-1 h-4 w-4" /> Editar
      </summary>
      <Form method="post" action={ctx.action} className="mt-2 space-y-2" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="item" value={reply.id} />
        <TextareaField
          label="Resposta"
          textareaProps={{ ...getTextareaProps(fields.conteudo), maxLength: POST_CONTENT_MAX, rows: 3 }}
          errors={fields.conteudo.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="editar-resposta" className="btn-secondary">
          Salvar edição
        </button>
      </Form>
    </details>
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

function FlagForm({ kind, id, ctx }: { kind: Kind; id: number; ctx: Ctx }) {
  const formId = `denunciar-${kind}-${id}`
  const lastResult = resultFor(ctx.actionData, formId)
  const [form, fields] = useZodForm(forms.FlagFormSchema, { id: formId, lastResult })
  return (
    <details className="forum-more" open={lastResult ? true : undefined}>
      <summary>
        <ForumIcon name="flag" className="mr-1 h-4 w-4" /> Denunciar
      </summary>
      <Form method="post" action={ctx.action} className="mt-2 space-y-2" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="tipo" value={kind} />
        <input type="hidden" name="item" value={id} />
        <Field
          label="Motivo da denúncia"
          inputProps={{ ...getInputProps(fields.motivo, { type: 'text' }), maxLength: 500 }}
          errors={fields.motivo.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="denunciar" className="btn-secondary">
          Enviar denúncia
        </button>
      </Form>
    </details>
  )
}

function PostTools({ kind, post, ctx }: { kind: Kind; post: ForumTopicJson | ForumReplyJson; ctx: Ctx }) {
  return (
    <div className="forum-actions">
      <Votes kind={kind} post={post} ctx={ctx} />
      {post.is_mine && ctx.canPost ? (
        kind === 'topico' ? (
          <EditTopicForm topic={post as ForumTopicJson} ctx={ctx} />
        ) : (
          <EditReplyForm reply={post as ForumReplyJson} ctx={ctx} />
        )
      ) : null}
      {post.is_mine ? <DeleteForm kind={kind} id={post.id} ctx={ctx} /> : null}
      {!post.is_mine && !post.hidden ? (
        post.flagged_by_me ? (
          <span className="forum-meta">
            <ForumIcon name="flag" /> Denunciado por você
          </span>
        ) : (
          <FlagForm kind={kind} id={post.id} ctx={ctx} />
        )
      ) : null}
    </div>
  )
}

export function TopicItem({ topic, ctx }: { topic: ForumTopicJson; ctx: Ctx }) {
  const classes = ['forum-topic', topic.is_highlighted ? 'is-highlighted' : '', topic.hidden ? 'is-hidden' : ''].filter(Boolean).join(' ')
  return (
    <article id={`topico-${topic.id}`} className={classes} aria-labelledby={`topico-${topic.id}-titulo`}>
      <div className="flex flex-wrap items-center gap-2">
        {topic.is_highlighted ? (
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
