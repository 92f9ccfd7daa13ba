import { describe, expect, it } from 'vitest'

import { reportAction } from '~/question/actions.server'

const context = { cspNonce: 'n', requestId: 't', clientIp: '127.0.0.1', documentRequest: false, csrfToken: 't' }

function post(fields: Record<string, string>) {
  return new Request('http://localhost/questoes/1/reportar', { method: 'POST', body: new URLSearchParams(fields) })
}

describe("the 'Reportar erro' action uses the API's own message rules", () => {
  it('keeps a too-short message on the form with the API minimum, making no call', async () => {
    const res = (await reportAction(post({ mensagem: ' abc ', redirectTo: '/questoes' }), context, 1)) as Response
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.result.error.mensagem).toEqual(['Descreva o erro encontrado (pelo menos 5 caracteres).'])
    expect(body.result.initialValue.mensagem).toBe(' abc ')
  })

  it('refuses an over-long message the same way', async () => {
    const res = (await reportAction(post({ mensagem: 'x'.repeat(2001) }), context, 1)) as Response
    expect(res.status).toBe(400)
    expect((await res.json()).result.error.mensagem).toEqual(['A descrição do erro pode ter no máximo 2000 caracteres.'])
  })
})
