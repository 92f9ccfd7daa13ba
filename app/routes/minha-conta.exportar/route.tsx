import type { LoaderFunctionArgs } from '@remix-run/node'

import { call } from '#server/client/call'
import { meApi } from '#server/features/me/contract'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'

// 'Baixar meus dados': a plain GET link (works without JS) that hands the API's export to the
// browser as a file download.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  const data = await withSession(request, () => call(api, meApi.export))
  const day = data.exported_at.slice(0, 10)
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="gabarita-meus-dados-${day}.json"`,
      'Cache-Control': 'no-store',
    },
  })
}
