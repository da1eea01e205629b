// The simulated card provider. POST /payment/{id}/redirect gives the portal a form aimed at
// /__provider/pay; this page lets the payer approve or decline, then /__provider/complete records the
// outcome and sends them back to the portal's /payment/{id}. Plain HTML forms, no JavaScript, so it
// works in any browser, under Playwright and through the service worker alike.
import { http, HttpResponse, type HttpHandler } from 'msw'

import { escapeMarkup } from '../../../core/markup.ts'
import { formatAmount } from '../../../core/money.ts'
import { AT_ROOT } from '../http/root-path.ts'
import type { Runtime } from '../runtime/runtime.ts'
import { decidePayment, isPaymentSignature, paymentReturnUrl } from '../world/money/provider-payments.ts'
import type { PaymentRecord } from '../world/kernel/types.ts'

export const PROVIDER_PREFIX = `${AT_ROOT}/__provider`

/** The payer's decision on the provider's page, stored as one write. Returns where to send the payer back. */
export const completeProviderPayment = (rt: Runtime, paymentId: string, outcome: 'approve' | 'decline'): { returnUrl: string } | null =>
  rt.write((writer) => decidePayment(writer, paymentId, outcome, rt.now()))

type Outcome = 'approve' | 'decline'

/** Form fields from a query string, an urlencoded or multipart form, or (for scripts) JSON. */
const readFields = async (request: Request): Promise<Map<string, string>> => {
  // A Map: field names are the payer's to choose, `__proto__` included.
  const fields = new Map<string, string>(new URL(request.url).searchParams)
  if (request.method === 'GET' || request.method === 'HEAD') return fields
  const type = request.headers.get('content-type') ?? ''
  try {
    if (type.includes('application/json')) {
      const body = (await request.json()) as unknown
      if (body !== null && typeof body === 'object') {
        for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields.set(key, value)
      }
    } else if (type.includes('form')) {
      ;(await request.formData()).forEach((value, key) => {
        if (typeof value === 'string') fields.set(key, value)
      })
    }
  } catch {
    // An unreadable body leaves only the query fields; the caller reports what is missing.
  }
  return fields
}

/**
 * No script at all; inline styles only. The approve/decline form posts here and is then redirected to
 * the portal that sent the payer (browsers hold a form's redirects to form-action too): that origin
 * only, and no form at all on a page without one.
 */
const pageHeaders = (portalOrigin: string | null) => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action ${portalOrigin ? `'self' ${portalOrigin}` : "'none'"}; frame-ancestors 'none'`,
  'Referrer-Policy': 'no-referrer',
})

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f5f9; color: #0f172a; }
  main { width: min(100% - 2rem, 28rem); background: #fff; border: 1px solid #cbd5e1; border-radius: .75rem; padding: 1.5rem; box-shadow: 0 1px 3px rgba(15,23,42,.1); }
  h1 { font-size: 1.375rem; margin: 0; }
  .sub { margin: .25rem 0 1rem; color: #475569; }
  .en { font-weight: 400; color: #475569; }
  .note { background: #fef9c3; border: 1px solid #ca8a04; border-radius: .5rem; padding: .5rem .75rem; font-size: .9375rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 1.25rem 0; }
  dt { font-weight: 600; }
  dd { margin: 0; font-variant-numeric: tabular-nums; }
  .amount { font-size: 1.5rem; font-weight: 700; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; }
  button, .link { font: inherit; font-weight: 600; padding: .75rem 1.25rem; border-radius: .5rem; border: 2px solid transparent; cursor: pointer; text-decoration: none; }
  .approve { background: #166534; color: #fff; }
  .decline { background: #fff; color: #991b1b; border-color: #991b1b; }
  .link { display: inline-block; background: #1e3a8a; color: #fff; }
  button:focus-visible, .link:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .hint { color: #475569; font-size: .875rem; margin-top: 1rem; }
  .skip { position: absolute; left: .75rem; top: -4rem; padding: .5rem .75rem; background: #1e3a8a; color: #fff; border-radius: .5rem; font-weight: 600; }
  .skip:focus { top: .75rem; outline: 3px solid #2563eb; outline-offset: 2px; }
  main:focus { outline: none; }
`

const page = (status: number, title: string, body: string, portalOrigin: string | null = null) =>
  new HttpResponse(
    `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)} · Pasarela de pago de pruebas</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Saltar al contenido <span lang="en">(skip to content)</span></a>
<main id="main" tabindex="-1" aria-labelledby="title">
<h1 id="title">Pasarela de pago de pruebas</h1>
<p class="sub" lang="en">Test payment gateway</p>
${body}
</main>
</body>
</html>
`,
    { status, headers: pageHeaders(portalOrigin) },
  )

const errorPage = (status: number, es: string, en: string) =>
  page(status, es, `<div role="alert"><p><strong>${escapeMarkup(es)}</strong></p><p lang="en">${escapeMarkup(en)}</p></div>`)

const payPage = (payment: PaymentRecord, signature: string) => {
  const details = `
<p class="note">Entorno de pruebas: no se realiza ningún cargo. <span lang="en">Test environment: no money is charged.</span></p>
<dl>
  <dt>Importe <span lang="en" class="en">(amount)</span></dt><dd class="amount">${escapeMarkup(formatAmount(payment.amount))}</dd>
  <dt>Referencia <span lang="en" class="en">(reference)</span></dt><dd>${escapeMarkup(payment.id)}</dd>
</dl>`
  if (payment.status !== 'pending') {
    const done = payment.status === 'paid' ? 'Este pago ya se completó.' : 'Este pago ya fue rechazado.'
    const doneEn = payment.status === 'paid' ? 'This payment is already completed.' : 'This payment was already declined.'
    return page(
      200,
      done,
      `${details}
<p role="status"><strong>${done}</strong> <span lang="en">${doneEn}</span></p>
<p><a class="link" href="${escapeMarkup(paymentReturnUrl(payment))}">Volver al portal</a></p>`,
    )
  }
  return page(
    200,
    'Confirmar pago',
    `${details}
<form method="post" action="/__provider/complete">
  <input type="hidden" name="payment" value="${escapeMarkup(payment.id)}">
  <input type="hidden" name="signature" value="${escapeMarkup(signature)}">
  <div class="actions">
    <button type="submit" name="outcome" value="approve" class="approve">Aprobar pago</button>
    <button type="submit" name="outcome" value="decline" class="decline">Rechazar pago</button>
  </div>
</form>
<p class="hint" lang="en">Approve or decline to return to the portal with that outcome.</p>`,
    URL.parse(paymentReturnUrl(payment))?.origin ?? null,
  )
}

const isOutcome = (value: string | undefined): value is Outcome => value === 'approve' || value === 'decline'

/** The payment a provider form is about, when its signature is the API's; else the page that says why not. */
const signedPayment = (rt: Runtime, fields: Map<string, string>): { payment: PaymentRecord } | { refused: Response } => {
  const id = fields.get('payment')
  if (!id) return { refused: errorPage(400, 'Falta la referencia del pago.', 'The payment reference is missing.') }
  const payment = rt.world.payments.find((p) => p.id === id)
  if (!payment) return { refused: errorPage(404, 'Pago no encontrado.', 'Payment not found.') }
  // As a real provider: a form the merchant did not sign (forged, or changed on the way) is refused.
  if (!isPaymentSignature(rt.options.providerSecret, payment, fields.get('signature') ?? '')) {
    return {
      refused: errorPage(
        403,
        'La firma del pago no es válida. Vuelve al portal e inténtalo de nuevo.',
        'The payment signature is not valid. Go back to the portal and try again.',
      ),
    }
  }
  return { payment }
}

export const createProviderHandlers = (rt: Runtime): HttpHandler[] => {
  const showPayPage = async ({ request }: { request: Request }) => {
    const fields = await readFields(request)
    const signed = signedPayment(rt, fields)
    if ('refused' in signed) return signed.refused
    return payPage(signed.payment, fields.get('signature') ?? '')
  }

  return [
    http.get(`${PROVIDER_PREFIX}/pay`, showPayPage),
    http.post(`${PROVIDER_PREFIX}/pay`, showPayPage),

    http.post(`${PROVIDER_PREFIX}/complete`, async ({ request }) => {
      const fields = await readFields(request)
      const outcome = fields.get('outcome')
      const signed = signedPayment(rt, fields)
      if ('refused' in signed) return signed.refused
      if (!isOutcome(outcome)) return errorPage(400, 'Elige aprobar o rechazar el pago.', 'Choose to approve or decline the payment.')
      const completed = completeProviderPayment(rt, signed.payment.id, outcome)
      if (completed === null) return errorPage(404, 'Pago no encontrado.', 'Payment not found.')
      // 303: the browser follows with a GET, so a reload of the portal page never re-posts the form.
      return new HttpResponse(null, { status: 303, headers: { Location: completed.returnUrl, 'Cache-Control': 'no-store' } })
    }),
  ]
}
