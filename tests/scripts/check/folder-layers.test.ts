import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

// @ts-expect-error -- plain JS shared with eslint.config.js, typed by its JSDoc
import { FOLDER_LAYERS, layerZones, renderLayers } from '../../../scripts/check/folder-layers.js'

// The folder order lint enforces is the one the README's map shows.

const layers = FOLDER_LAYERS as Record<string, string[][]>
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')

describe('the folder layers', () => {
  it('the README map writes each root’s tiers as lint enforces them', () => {
    for (const [root, tiers] of Object.entries(layers)) {
      const line = readme.split('\n').find((l) => l.startsWith(`${root} `))
      expect(line, root).toBeDefined()
      expect(
        line!
          .slice(root.length)
          .trim()
          .split(/\s{2,}/)[0],
        root,
      ).toBe(renderLayers(tiers))
    }
  })

  it('a folder may import only the tiers below it, never a sibling or a tier above', () => {
    const zones = layerZones() as { target: string; except: string[] }[]
    const run = zones.find((z) => z.target === './cli/src/run')!
    expect(run.except).toEqual(['./run', './base', './transport', './mock-control'])
    const money = zones.find((z) => z.target === './mock/src/world/money')!
    expect(money.except).not.toContain('./booking')
    expect(zones.find((z) => z.target === './cli/src/smoke')!.except).not.toContain('./proxy')
  })
})
