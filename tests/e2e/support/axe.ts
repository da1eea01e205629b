import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

type Impact = 'minor' | 'moderate' | 'serious' | 'critical'
const BLOCKING: readonly Impact[] = ['serious', 'critical']

export type AxeOptions = {
  /** Limit the scan, e.g. to an open dialog: `include: 'dialog[open]'`. */
  include?: string
  /** Rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[]
}

/**
 * Runs axe (WCAG 2.0–2.2 A/AA + best practices) on the current page state and
 * fails listing every serious or critical violation with its targets.
 * Minor and moderate ones are attached to the report but do not fail.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
  if (options.include) builder = builder.include(options.include)
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules)
  const { violations } = await builder.analyze()

  const blocking = violations.filter((v) => BLOCKING.includes(v.impact as Impact))
  const report = blocking.map((v) => `[${v.impact}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n` + v.nodes.map((n) => `  - ${n.target.join(' ')}`).join('\n'))
  expect(blocking, `axe found serious/critical violations:\n${report.join('\n')}`).toEqual([])
}
