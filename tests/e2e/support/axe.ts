import axe from 'axe-core'
import { expect, type Page } from '@playwright/test'

type Impact = 'minor' | 'moderate' | 'serious' | 'critical'
const BLOCKING: readonly Impact[] = ['serious', 'critical']
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

export type AxeOptions = {
  /** Limit the scan, e.g. to an open dialog: `include: 'dialog[open]'`. */
  include?: string
  /** Rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[]
}

type Scan = { include: string | null; disableRules: string[]; tags: string[] }
type AxeWindow = typeof window & { axe?: typeof axe }

/**
 * Runs axe (WCAG 2.0–2.2 A/AA + best practices) on the current page state and
 * fails listing every serious or critical violation with its targets.
 * Minor and moderate ones do not fail. Finite animations (a toast fading in) finish first.
 *
 * axe-core runs in the page itself (the portal has no frames), injected once per document: a tab or
 * step switch keeps it. @axe-core/playwright injected it twice per scan and finished every scan in a
 * new blank page, about 2 s a scan on a 2-core CI machine (decision 016).
 */
export async function expectNoSeriousA11yViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axe.source)
  const scan: Scan = { include: options.include ?? null, disableRules: options.disableRules ?? [], tags: TAGS }
  const violations = await page.evaluate(async ({ include, disableRules, tags }: Scan) => {
    // The settled page, as a traveller reads it: a toast fading in has not reached its contrast yet.
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.allSettled(finite.map((a) => a.finished))
    const results = await (window as AxeWindow).axe!.run(include ? { include: [include] } : document, {
      runOnly: { type: 'tag', values: tags },
      rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])),
      resultTypes: ['violations'],
    })
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, targets: v.nodes.map((n) => n.target.join(' ')) }))
  }, scan)

  const blocking = violations.filter((v) => BLOCKING.includes(v.impact as Impact))
  const report = blocking.map((v) => `[${v.impact}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n` + v.targets.map((t) => `  - ${t}`).join('\n'))
  expect(blocking, `axe found serious/critical violations:\n${report.join('\n')}`).toEqual([])
}
