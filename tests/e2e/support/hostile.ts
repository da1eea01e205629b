import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { API, MOCK } from './portal'

// A tenant an attacker controls, added through the mock's control API: its name, extra CSS, legal
// notice, FAQ and travel-group HTML all try to run script or load from attacker.example. Served on
// evil.localhost (any port: the dev server and the production server alike). The id carries a
// version: bump it when the payloads change, so a reused mock does not serve old ones.
export const EVIL_ID = 'ag-evil-v1'
export const EVIL_NAME = '<img src=x onerror=alert(1)>'
export const EVIL_GROUP = 'tg-evil-v1-a'
export const ATTACKER = 'attacker.example'
export const evilOrigin = (portal: string) => portal.replace(/:\/\/[^:/]+/, '://evil.localhost')

const html = (tag: string) =>
  `<h2>${tag}</h2><p>Texto ${tag} <b>seguro</b>.</p>` +
  `<img src="https://${ATTACKER}/${tag}.png" onerror="window.__pwned='${tag}-img'">` +
  `<script>window.__pwned='${tag}-script'</script>` +
  `<a href="javascript:window.__pwned='${tag}-link'">enlace js</a>` +
  `<a href="JaVaScRiPt:alert('${tag}')">enlace JS</a>` +
  `<iframe src="https://${ATTACKER}/${tag}-frame"></iframe>` +
  `<object data="https://${ATTACKER}/${tag}-object"></object><embed src="https://${ATTACKER}/${tag}-embed">` +
  `<form action="https://${ATTACKER}/${tag}-form"><input name="q"><button>enviar</button></form>` +
  `<p style="background:url(https://${ATTACKER}/${tag}-style.png)">con estilo</p>` +
  `<svg onload="window.__pwned='${tag}-svg'"><image href="https://${ATTACKER}/${tag}-svg.png"/></svg>` +
  `<details open ontoggle="window.__pwned='${tag}-toggle'"><summary>más</summary>x</details>` +
  `<base href="https://${ATTACKER}/"><meta http-equiv="refresh" content="0;url=https://${ATTACKER}/${tag}-refresh">` +
  `<a href="https://example.org/ok">enlace bueno</a>`

export const HOSTILE_TENANT = {
  id: EVIL_ID,
  name: EVIL_NAME,
  hosts: ['evil.localhost'],
  css_extra:
    `body{background:url(https://${ATTACKER}/x.png)} @import 'https://${ATTACKER}/a.css'; ` +
    `.site-header{background-image:image-set("https://${ATTACKER}/set.png" 1x)} ` +
    `@font-face{font-family:x;src:url(https://${ATTACKER}/f.woff)} h1{font-family:x} ` +
    `main{background:u\\72 l(https://${ATTACKER}/escaped.png)} p{background:u/**/rl(https://${ATTACKER}/comment.png)} ` +
    `</style><script>window.__pwned='css'</script><style>`,
  legal_notice_html: html('legal'),
  faq: { es: [{ id: 'faq-evil', question: '¿Es <b>seguro</b>?', answer_html: html('faq') }], en: [] },
  travel_group_html: { description_html: html('description'), terms_html: html('terms') },
}

/** Adds the hostile tenant unless a parallel spec (or an earlier run on a reused mock) already did. */
export async function ensureHostileTenant(request: APIRequestContext): Promise<void> {
  const res = await request.post(`${MOCK}/__mock/tenants`, { data: HOSTILE_TENANT })
  expect([201, 409], await res.text()).toContain(res.status())
}

/** A customer of the hostile tenant, made by asking for an invitation (the mock mails a sign-in link). */
export async function hostileCustomerLink(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${API}/travelgroup/${EVIL_GROUP}/invite`, {
    headers: { agencyId: EVIL_ID },
    data: { name: 'Víctima Prueba', email, phone: '+34600000000', commercial_consent: false, third_party_consent: false },
  })
  expect([200, 201, 409], await res.text()).toContain(res.status())
  if (res.status() === 409) {
    const again = await request.post(`${API}/auth/remember`, { headers: { agencyId: EVIL_ID }, data: { email, purpose: 'login_link' } })
    expect(again.ok(), await again.text()).toBe(true)
  }
  let link: string | null = null
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${MOCK}/__mock/outbox?to=${encodeURIComponent(email)}`)).json()) as { mails: { link: string | null }[] }
      link = mails.mails[0]?.link ?? null
      return link
    })
    .not.toBeNull()
  return link!
}

/** Records what an attack would leave: requests to the attacker, dialogs, and the page's own console errors. */
export function watchForAttacks(page: Page) {
  const toAttacker: string[] = []
  const dialogs: string[] = []
  page.on('request', (request) => {
    if (request.url().includes(ATTACKER)) toAttacker.push(request.url())
  })
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return {
    async expectNothingHappened() {
      expect(toAttacker, 'requests to the attacker').toEqual([])
      expect(dialogs, 'dialogs opened by injected script').toEqual([])
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined()
      // Nothing injected survived in the page: no handler attributes, script URLs, frames, forms,
      // images or refreshes anywhere in the rendered app.
      const leftovers = await page.evaluate(() => {
        const found: string[] = []
        for (const element of document.querySelectorAll('#root *')) {
          for (const attribute of element.getAttributeNames()) if (attribute.startsWith('on')) found.push(`${element.tagName}[${attribute}]`)
          const href = element.getAttribute('href') ?? element.getAttribute('xlink:href')
          if (href && /^\s*javascript:/i.test(href)) found.push(`${element.tagName}[href=${href}]`)
        }
        for (const element of document.querySelectorAll(
          '#root script, #root iframe, #root object, #root embed, #root form, #root base, #root meta, .prose img, .prose svg',
        ))
          found.push(element.tagName)
        return found
      })
      expect(leftovers).toEqual([])
    },
  }
}
