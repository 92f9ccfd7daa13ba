import type { LoaderFunctionArgs } from '@remix-run/node'

import { call } from '#server/client/call'
import { adminApi } from '#server/features/admin/contract'
import { apiForRequest, requireAdmin, withSession } from '~/utils/session.server'

// 'Exportar disciplinas' (issue 65 §1): a plain GET link (works without JS) that hands every
// discipline's topics, article ranges and seed words to the browser as a discipline JSON file, the
// one the upload on /admin/disciplinas reads back.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  const api = await apiForRequest(request, context)
  const data = await withSession(request, () => call(api, adminApi.exportDisciplines))
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="disciplinas.json"',
      'Cache-Control': 'no-store',
    },
  })
}
