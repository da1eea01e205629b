// Driving the portal with the keyboard alone, as a traveller who cannot use a pointer: Tab and
// Shift+Tab to move, then Enter, Space, arrows and Escape. Every move checks that focus landed on
// something (never <body>), and what the page announces is checked for developer text.
import { expect, type Locator, type Page } from '@playwright/test'

/** What has focus, for the failure messages: tag, role and text. */
export const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return '<body>'
    const name =
      el.getAttribute('aria-label') ??
      (el instanceof HTMLSelectElement || el instanceof HTMLInputElement ? el.value : (el as HTMLElement).innerText?.trim().slice(0, 60))
    return `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}${el.id ? ` id=${el.id}` : ''}> ${name}`
  })

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus (none when it has already), failing if focus ever falls to
 * <body> or the target is not reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 }: { back?: boolean; max?: number } = {}) {
  await target.waitFor()
  const focused = () => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
  if (await focused()) return
  const passed: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    if (await focused()) return
    const now = await focusedDescription(page)
    passed.push(now)
    expect(now, `focus fell to <body> while tabbing to ${target}; passed: ${passed.join(' → ')}`).not.toBe('<body>')
  }
  throw new Error(`${max} × ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}; passed: ${passed.join(' → ')}`)
}

/** Tabs to a text field and types into it, as a person would (what was there is selected and replaced). */
export async function typeInto(page: Page, field: Locator, text: string, options?: { back?: boolean; max?: number }) {
  await tabTo(page, field, options)
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(text)
}

/** Tabs to a control and presses a key on it (Enter for links and buttons, Space for boxes and radios). */
export async function press(page: Page, control: Locator, key: 'Enter' | 'Space', options?: { back?: boolean; max?: number }) {
  await tabTo(page, control, options)
  await page.keyboard.press(key)
}

// What a schema library, a template or a missing translation says: never meant for a traveller.
const DEVELOPER_TEXT = /Invalid (input|option)|expected \w+, received \w+|Too (big|small):|\bundefined\b|\bNaN\b|\[object|\berror\.[a-z_]+\b|\{\w+\}/

/** Everything the page announces or shows as an error: in the traveller's words, never developer text. */
export async function expectNoDeveloperText(page: Page) {
  const announced = await page
    .locator('[role="alert"], [role="status"], [aria-live], .field__error, .form__root-error')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.trim()).filter(Boolean))
  for (const text of announced) expect(text, 'announced text').not.toMatch(DEVELOPER_TEXT)
}
