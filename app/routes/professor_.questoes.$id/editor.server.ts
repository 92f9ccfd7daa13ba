import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { AnalysisJson } from '#server/features/analyses/contract'
import { analysesApi } from '#server/features/analyses/contract'
import { ApiError, formError, heldBySimulationAs409 } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireProfessor, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

import { AnalysisFormSchema, UnpublishFormSchema } from './schemas'

// The analysis editor's loader and action (issue 40): the desk's data, a version restored or a
// community answer promoted into the editor (GET, so it works without JavaScript), and the three
// intents: preview, publish, unpublish. A save from an older version comes back as a conflict
// with the current text beside the writer's own, never as an overwrite.

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const

function questionId(raw: string | undefined) {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new Response('Questão não encontrada', { status: 404 })
  return raw
}

export async function loadEditor(request: Request, context: AppLoadContext, rawId: string | undefined) {
  await requireProfessor(request, context)
  const id = questionId(rawId)
  const api = await apiForRequest(request, context)
  let desk
  try {
    desk = await withSession(request, () => call(api, analysesApi.desk, { params: { id } }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response('Questão não encontrada', { status: 404 })
    // A question of the simulado the professor is sitting: the error page links back to it.
    heldBySimulationAs409(error)
    throw error
  }
  const url = new URL(request.url)
  const restore = Number(url.searchParams.get('restaurar'))
  const restored = desk.history.find((h) => h.version === restore && h.text)
  const promote = /^(topic|reply|explanation)-(\d{1,9})$/.exec(url.searchParams.get('promover') ?? '')
  // A discussion's post or a student's explanation (issue 64): either is promoted crediting its author.
  const promotable = [...desk.community, ...desk.student_explanations.map((e) => ({ ...e, kind: 'explanation' as const }))]
  const promoted = promote ? promotable.find((p) => p.kind === promote[1] && p.id === Number(promote[2])) : undefined
  const draft = restored
    ? {
        key: `v${restored.version}`,
        text: restored.text!,
        comments: restored.alternative_comments,
        from: null,
        note: `Texto da versão ${restored.version} no editor: publique para restaurá-lo.`,
      }
    : promoted
      ? {
          key: `${promoted.kind}-${promoted.id}`,
          text: promoted.text,
          comments: desk.analysis.alternative_comments,
          from: `${promoted.kind}-${promoted.id}`,
          note: `${promoted.kind === 'explanation' ? 'Explicação' : 'Comentário'} de ${promoted.author} no editor: revise e publique; a análise credita o autor.`,
        }
      : { key: 'atual', text: desk.analysis.text ?? '', comments: desk.analysis.alternative_comments, from: null, note: null }
  return json({ desk, draft })
}

export type EditorActionData = {
  intent: 'publicar' | 'previa' | 'despublicar' | null
  result: ReturnType<Awaited<ReturnType<typeof parseForm>>['reply']>
  preview?: {
    text: string
    comments: Record<string, string>
    citations: { key: string; label: string; article: string | null; url: string | null }[]
  }
  conflict?: { message: string; current: AnalysisJson }
}

function conflictOf(error: unknown): EditorActionData['conflict'] {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined
  const body = error.body as { current?: AnalysisJson } | undefined
  return body?.current ? { message: error.message, current: body.current } : undefined
}

export async function editorAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  await requireProfessor(request, context)
  const id = questionId(rawId)
  const self = `/professor/questoes/${id}`
  const api = await apiForRequest(request, context)
  const formData = await request.formData()
  if (formData.get('intent') === 'despublicar') {
    const submission = await parseForm(formData, UnpublishFormSchema)
    if (submission.status !== 'success')
      return json<EditorActionData>({ intent: 'despublicar', result: submission.reply() }, { status: 400 })
    try {
      const res = await withSession(request, () =>
        call(api, analysesApi.unpublish, { params: { id }, body: { base_version: submission.value.versao } }),
      )
      return redirectWithToast(self, { type: 'success', title: res.message }, { request })
    } catch (error) {
      const { message, status } = formError(error, 'Não foi possível despublicar agora. Tente novamente.')
      return json<EditorActionData>(
        {
          intent: 'despublicar',
          result: submission.reply({ formErrors: [message] }),
          conflict: conflictOf(error),
        },
        { status },
      )
    }
  }
  const submission = await parseForm(formData, AnalysisFormSchema)
  if (submission.status !== 'success') return json<EditorActionData>({ intent: null, result: submission.reply() }, { status: 400 })
  const v = submission.value
  const comments = Object.fromEntries(LETTERS.map((l) => [l, v[`comentario_${l}`] ?? '']).filter(([, text]) => text))
  try {
    if (v.intent === 'previa') {
      const { citations } = await withSession(request, () => call(api, analysesApi.preview, { params: { id }, body: { text: v.texto } }))
      return json<EditorActionData>({ intent: 'previa', result: submission.reply(), preview: { text: v.texto, comments, citations } })
    }
    const [kind, postId] = v.promover?.split('-') ?? []
    const res = await withSession(request, () =>
      call(api, analysesApi.publish, {
        params: { id },
        body: {
          text: v.texto,
          alternative_comments: comments,
          base_version: v.versao,
          ...(kind ? { from_post: { kind: kind as 'topic' | 'reply' | 'explanation', id: Number(postId) } } : {}),
        },
      }),
    )
    return redirectWithToast(self, { type: 'success', title: res.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, 'Não foi possível salvar agora. Tente novamente: seu texto continua no editor.')
    const conflict = conflictOf(error)
    const result = submission.reply({ formErrors: [message] })
    // The form puts back what was sent; after a conflict the next save starts from the version now published.
    if (conflict && result.initialValue) result.initialValue.versao = String(conflict.current.version)
    return json<EditorActionData>({ intent: v.intent, result, conflict }, { status })
  }
}
