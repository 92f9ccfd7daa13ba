import type { Request, Response } from 'express'
import { Router } from 'express'

import { handler } from '../../api/http'
import type { AppContext } from '../../context'
import { checkoutReturnPath, findPaymentByCheckoutId, receiveWebhook } from './checkout'
import { PIX_EXPIRED_REASON, qrCodeDataUrl } from './pix'
import { formatCents, planLabel } from './plan-messages'
import { PAYMENT_METHOD_LABELS } from './provider'
import { billingDeps } from './registry'
import { SANDBOX_PATH, SANDBOX_PROVIDER, sandboxWebhook } from './sandbox-provider'

// The sandbox provider's hosted checkout (PAYMENT_PROVIDER=sandbox only): a plain HTML page
// with two forms, no script. Its buttons do what a real provider's server would: sign an
// event and deliver it to our webhook handler, then send the browser back to /trocar-plano.

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:1rem;box-shadow:0 1px 4px #0002}
.tag{display:inline-block;margin:0 0 1rem;padding:.25rem .75rem;border-radius:999px;background:#fef3c7;color:#92400e;font-size:.8rem;font-weight:600}
h1{font-size:1.4rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#475569}dd{margin:0;font-weight:600}
form{margin:0 0 .75rem}
button{width:100%;min-height:2.75rem;border:0;border-radius:.5rem;font:inherit;font-weight:600;cursor:pointer}
.approve{background:#15803d;color:#fff}.decline{background:#e2e8f0;color:#0f172a}
a{color:#1d4ed8}
.qr{display:block;width:12rem;height:12rem;margin:0 auto 1rem}
.code{display:block;width:100%;box-sizing:border-box;margin:0 0 1rem;padding:.5rem;font:.8rem/1.4 ui-monospace,monospace;word-break:break-all;background:#f8fafc;border:1px solid #cbd5e1;border-radius:.5rem}
`

function page(res: Response, status: number, title: string, body: string) {
  res
    .status(status)
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
    .send(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escape(title)} — Gabarita</title><style>${STYLE}</style></head>` +
        `<body><main><p class="tag">Ambiente de testes: nenhum valor é cobrado</p>${body}</main></body></html>`,
    )
}

function notFound(res: Response) {
  page(res, 404, 'Pagamento não encontrado', `<h1>Pagamento não encontrado</h1><p><a href="/trocar-plano">Voltar para Trocar plano</a></p>`)
}

/**
 * A cross-site form must not decide someone's payment: only a POST from this page passes.
 * Host-based, so a TLS-terminating proxy in front does not make our own origin look foreign.
 */
function isSameOrigin(req: Request, publicUrl?: string) {
  const site = req.get('sec-fetch-site')
  if (site && site !== 'same-origin') return false
  const origin = req.get('origin')
  if (!origin) return true
  let host: string
  try {
    host = new URL(origin).host
  } catch {
    return false
  }
  const own = [req.get('host')]
  if (publicUrl) own.push(new URL(publicUrl).host)
  return own.includes(host)
}

export function createSandboxCheckoutRouter(ctx: AppContext) {
  const router = Router()
  if (ctx.config.paymentProvider !== SANDBOX_PROVIDER) return router

  router.get(
    `${SANDBOX_PATH}/:checkoutId`,
    handler(async (req, res) => {
      const payment = await findPaymentByCheckoutId(billingDeps(ctx), String(req.params.checkoutId))
      if (!payment || payment.provider !== SANDBOX_PROVIDER || payment.kind !== 'checkout') return notFound(res)
      const id = escape(payment.checkoutId)
      const details =
        `<dl><dt>Plano</dt><dd>${escape(planLabel(payment.planName))}</dd>` +
        `<dt>Valor</dt><dd>${escape(formatCents(payment.amountCents))} (${payment.billingPeriod === 'year' ? 'um ano' : 'um mês'})</dd>` +
        `<dt>Forma de pagamento</dt><dd>${escape(PAYMENT_METHOD_LABELS[payment.method] ?? payment.method)}</dd></dl>`
      if (payment.status === 'declined' && payment.failureReason === PIX_EXPIRED_REASON) {
        return page(
          res,
          200,
          'Cobrança expirada',
          `<h1>Esta cobrança Pix expirou</h1>${details}<p>O prazo para pagar terminou; nada foi cobrado.</p><p><a href="${escape(checkoutReturnPath(payment.checkoutId))}">Voltar ao Gabarita</a></p>`,
        )
      }
      if (payment.status !== 'pending') {
        const done = payment.status === 'approved' ? 'aprovado' : payment.status === 'refunded' ? 'estornado' : 'recusado'
        return page(
          res,
          200,
          'Pagamento já processado',
          `<h1>Este pagamento já foi ${done}</h1>${details}<p><a href="${escape(checkoutReturnPath(payment.checkoutId))}">Voltar ao Gabarita</a></p>`,
        )
      }
      if (payment.method === 'pix' && payment.pixCode) {
        // The payer's bank, simulated: it reads the code and pays; the provider then posts the webhook.
        return page(
          res,
          200,
          'Pagar com Pix',
          `<h1>Banco de testes: pagar com Pix</h1>${details}` +
            `<img class="qr" src="${qrCodeDataUrl(payment.pixCode)}" alt="QR code do Pix">` +
            `<p><label for="pix-code">Código Pix copia e cola</label></p><textarea id="pix-code" class="code" rows="4" readonly>${escape(payment.pixCode)}</textarea>` +
            `<p>Este é o banco de testes do Gabarita: nada é cobrado. O pagamento é confirmado ao Gabarita pelo webhook assinado do provedor, como num Pix de verdade.</p>` +
            `<form method="post" action="${SANDBOX_PATH}/${id}/aprovar"><button type="submit" class="approve">Simular pagamento Pix</button></form>` +
            `<p><a href="/trocar-plano">Voltar sem pagar</a></p>`,
        )
      }
      page(
        res,
        200,
        'Pagamento',
        `<h1>Finalize seu pagamento</h1>${details}` +
          `<p>Este é o provedor de pagamento de testes do Gabarita: nenhum cartão é pedido e nada é cobrado. Escolha o resultado do pagamento.</p>` +
          `<form method="post" action="${SANDBOX_PATH}/${id}/aprovar"><button type="submit" class="approve">Aprovar pagamento</button></form>` +
          `<form method="post" action="${SANDBOX_PATH}/${id}/recusar"><button type="submit" class="decline">Recusar pagamento</button></form>` +
          `<p><a href="/trocar-plano">Voltar sem pagar</a></p>`,
      )
    }),
  )

  router.post(
    `${SANDBOX_PATH}/:checkoutId/:decision(aprovar|recusar)`,
    handler(async (req, res) => {
      if (!isSameOrigin(req, ctx.config.PUBLIC_URL)) {
        return page(
          res,
          403,
          'Requisição recusada',
          '<h1>Requisição recusada</h1><p>O pagamento só pode ser decidido nesta página do ambiente de testes.</p>',
        )
      }
      const deps = billingDeps(ctx)
      const payment = await findPaymentByCheckoutId(deps, String(req.params.checkoutId))
      if (!payment || payment.provider !== SANDBOX_PROVIDER || payment.kind !== 'checkout' || !payment.providerRef) return notFound(res)
      if (payment.status === 'pending') {
        const decision = req.params.decision === 'aprovar' ? 'approve' : 'decline'
        const { body, headers } = sandboxWebhook(
          ctx.config.paymentWebhookSecret,
          { checkoutId: payment.checkoutId, providerRef: payment.providerRef, amountCents: payment.amountCents, method: payment.method },
          decision,
          deps.now,
        )
        // The same entry a provider's POST takes: the signature is checked on these bytes.
        const outcome = await receiveWebhook(deps, body, headers)
        if (outcome.kind !== 'processed' && outcome.kind !== 'duplicate' && outcome.kind !== 'ignored') {
          ;(req.log ?? ctx.logger).error({ outcome }, 'sandbox: o webhook simulado foi recusado')
        }
      }
      res.redirect(303, checkoutReturnPath(payment.checkoutId))
    }),
  )

  return router
}
