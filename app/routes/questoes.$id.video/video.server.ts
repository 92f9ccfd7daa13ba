import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'

import { call } from '#server/client/call'
import type { QuestionVideo } from '#server/features/insight/contract'
import { insightApi } from '#server/features/insight/contract'
import { toolContext } from '~/question/insight.server'
import { listSearchOf, routeId } from '~/question/tool-urls'
import { ApiError, formError, heldBySimulationAs409 } from '~/utils/api.server'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireLoginToAct, withSession } from '~/utils/session.server'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server'

import { VideoActionSchema } from './schemas'

// Vídeo (issue 12): the question's video behind a click-to-load facade. Nothing from the video
// site loads until the student asks: `?assistir=1` (a plain link without JS) or the button (JS)
// renders the youtube-nocookie player, the only frame origin the CSP allows.

export const PLAY_PARAM = 'assistir'
const VIDEO_ERROR = 'Não foi possível carregar o vídeo.'

type VideoState =
  | { kind: 'ok'; video: QuestionVideo }
  | { kind: 'none'; message: string }
  | { kind: 'invalid'; message: string; detail: string }
  | { kind: 'failed'; message: string }

export async function loadVideo(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const tool = await toolContext(request, context, rawId, 'video', [PLAY_PARAM])
  let state: VideoState
  try {
    state = { kind: 'ok', video: (await withSession(request, () => call(tool.api, insightApi.video, { params: { id: tool.id } }))).data }
  } catch (error) {
    if (error instanceof Response) throw error
    heldBySimulationAs409(error)
    const body = error instanceof ApiError ? (error.body as { code?: string; detail?: string } | undefined) : undefined
    if (error instanceof ApiError && body?.code === 'NO_VIDEO') state = { kind: 'none', message: error.message }
    else if (error instanceof ApiError && body?.code === 'INVALID_VIDEO')
      state = { kind: 'invalid', message: error.message, detail: body.detail ?? '' }
    else {
      formError(error, VIDEO_ERROR) // rethrows anything that is not an API answer (a bug)
      state = { kind: 'failed', message: VIDEO_ERROR }
    }
  }
  const play = tool.url.searchParams.get(PLAY_PARAM) === '1'
  const playParams = new URLSearchParams(tool.listSearch)
  playParams.set(PLAY_PARAM, '1')
  return json({
    question: tool.question,
    back: tool.back,
    self: play ? `/questoes/${tool.id}/video?${playParams}` : tool.self,
    /** The same dialog with the player (the no-JS 'Assistir'). */
    playUrl: `/questoes/${tool.id}/video?${playParams}`,
    play,
    state,
  })
}

export async function videoAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const id = routeId(rawId, 'Questão não encontrada')
  const url = new URL(request.url)
  // Back to the same dialog, with the player if it was playing.
  const self = `${url.pathname}${url.search}`
  const parsed = await parseForm(request, VideoActionSchema)
  await requireLoginToAct(request, `/questoes/${id}/video${listSearchOf(url)}`, 'Faça login para assistir ao vídeo.')
  if (parsed.status !== 'success') return redirectWithToast(self, { type: 'error', title: 'Requisição inválida' }, { request })
  const { intent, auto } = parsed.value
  if (intent === 'copiado') {
    return json(
      { ok: true },
      {
        headers: await createToastHeaders(request, {
          type: 'success',
          title: 'Link copiado!',
          description: 'O link do vídeo foi copiado para sua área de transferência.',
        }),
      },
    )
  }
  const api = await apiForRequest(request, context)
  try {
    const res = await withSession(request, () => call(api, insightApi.watchVideo, { params: { id } }))
    // The player's automatic mark (JS) stays quiet; the form says so and comes back.
    if (auto) return json({ ok: true, watchedAt: res.watchedAt })
    return redirectWithToast(self, { type: 'success', title: res.message }, { request })
  } catch (error) {
    if (error instanceof Response) throw error
    const { message, status } = formError(error, VIDEO_ERROR)
    if (auto) return json({ ok: false, error: message }, { status })
    return redirectWithToast(self, { type: 'error', title: 'Erro', description: message }, { request })
  }
}
