// The sandbox payment provider's page, read as a customer's browser would: the form that approves.

/** A form in an HTML page with a submit button that approves (the sandbox provider's page). */
export type ApproveForm = { action: string; method: 'GET' | 'POST'; fields: Record<string, string> }

export const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

export const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  const value = match?.[1] ?? match?.[2] ?? match?.[3]
  return value === undefined ? undefined : decodeEntities(value)
}

/**
 * Finds, in a provider's page, a form whose submit button approves the payment
 * (value or label approve/aprobar/accept/pay...), with its hidden fields.
 * Only simple server-rendered forms: a provider page that needs JavaScript or
 * card numbers is not something a smoke run should drive.
 */
export function findApproveForm(html: string, pageUrl: string): ApproveForm | undefined {
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, formTag = '', inner = ''] = match
    const fields: Record<string, string> = {}
    for (const input of inner.matchAll(/<input\b[^>]*>/gi)) {
      const tag = input[0]
      const type = (attribute(tag, 'type') ?? 'text').toLowerCase()
      const name = attribute(tag, 'name')
      if (type === 'hidden' && name !== undefined) fields[name] = attribute(tag, 'value') ?? ''
    }
    const buttons = [
      ...[...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)].map((button) => ({
        tag: button[1] ?? '',
        label: (button[2] ?? '').replace(/<[^>]+>/g, ''),
      })),
      ...[...inner.matchAll(/<input\b([^>]*)>/gi)]
        .filter((input) => /type\s*=\s*["']?submit/i.test(input[1] ?? ''))
        .map((input) => ({ tag: input[1] ?? '', label: attribute(input[1] ?? '', 'value') ?? '' })),
    ]
    const approve = buttons.find((button) =>
      /approve|aprobar|accept|aceptar|authori[sz]e|autorizar|confirm|pay\b|pagar/i.test(`${attribute(button.tag, 'value') ?? ''} ${button.label}`),
    )
    if (approve === undefined) continue
    const name = attribute(approve.tag, 'name')
    if (name !== undefined) fields[name] = attribute(approve.tag, 'value') ?? ''
    const method = (attribute(formTag, 'method') ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET'
    return { action: new URL(attribute(formTag, 'action') ?? '', pageUrl).href, method, fields }
  }
  return undefined
}
