import type { AppLoadContext } from '@remix-run/node'
import { json } from '@remix-run/node'
import type { z } from 'zod'

import type { ClassificationConfidence } from '#server/features/classification/messages'
import { CLASSIFICATION_CONFIDENCES } from '#server/features/classification/messages'
import { formError } from '~/utils/api.server'
import type { FormSchema } from '~/utils/form-schema'
import { parseForm } from '~/utils/form-schema.server'
import { apiForRequest, requireAdmin, safeRedirect, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

// The two classification desks' loaders and actions, alike: the URL is the filters' state (prova,
// disciplina, confianca, pagina); the one POST confirms the checked rows, then comes back with a toast.

const positive = (text: string | null) => (text && /^\d{1,9}$/.test(text) && Number(text) >= 1 ? Number(text) : undefined)

/** The filters as the API reads them, as the form shows them, and the page's own address. */
export function deskFilters(url: URL) {
  const confidenceText = url.searchParams.get('confianca') ?? ''
  const confidence = (CLASSIFICATION_CONFIDENCES as readonly string[]).includes(confidenceText)
    ? (confidenceText as ClassificationConfidence)
    : 'todas'
  const query = {
    exam_id: positive(url.searchParams.get('prova')),
    discipline_id: positive(url.searchParams.get('disciplina')),
    confidence,
    page: positive(url.searchParams.get('pagina')) ?? 1,
  }
  return {
    query,
    filters: {
      prova: query.exam_id ? String(query.exam_id) : '',
      disciplina: query.discipline_id ? String(query.discipline_id) : '',
      confianca: confidence,
    },
    self: `${url.pathname}${url.search}`,
  }
}

type Api = Awaited<ReturnType<typeof apiForRequest>>

/** The checked rows of `schema`'s form sent by `send`; back to the same filters with its message. */
export async function confirmChecked<S extends z.ZodType, Item>(
  request: Request,
  context: AppLoadContext,
  schema: S | FormSchema<S>,
  desk: {
    home: string
    items: (value: z.output<S>) => Item[]
    send: (api: Api, items: Item[]) => Promise<{ message: string }>
    fallback: string
  },
) {
  await requireAdmin(request, context)
  const url = new URL(request.url)
  const back = safeRedirect(`${url.pathname}${url.search}`, desk.home)
  const submission = await parseForm(request, schema)
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  try {
    const api = await apiForRequest(request, context)
    const answer = await withSession(request, () => desk.send(api, desk.items(submission.value as z.output<S>)))
    return redirectWithToast(back, { type: 'success', title: answer.message }, { request })
  } catch (error) {
    const { message, status } = formError(error, desk.fallback)
    return json({ result: submission.reply({ formErrors: [message] }) }, { status })
  }
}
