// The folder order inside the mock, its world and the CLI, as tiers from the bottom: a folder imports only its own
// tier's files and the tiers below (not a sibling in its tier). eslint.config.js makes import zones of it, and the
// README's map is this, rendered (tests/scripts/check/folder-layers.test.ts): one copy of the rule (decision 042).

/** @type {Record<string, string[][]>} the root, then its tiers from the bottom; a name ending in .ts is a file */
export const FOLDER_LAYERS = {
  'mock/src/world': [['kernel'], ['offer', 'people'], ['money'], ['booking', 'views'], ['seed']],
  'mock/src': [['world'], ['runtime'], ['http'], ['handlers'], ['control', 'provider'], ['setups'], ['main.ts']],
  'cli/src': [['base'], ['transport', 'mock-control'], ['run'], ['reports'], ['checks', 'journey'], ['smoke', 'proxy'], ['commands'], ['main.ts']],
}

/** A root's tiers as the README's map writes them: `kernel ← offer, people ← money`. */
export const renderLayers = (/** @type {string[][]} */ tiers) => tiers.map((tier) => tier.map((name) => name.replace(/\.ts$/, '')).join(', ')).join(' ← ')

/** no-restricted-paths zones: each folder may import itself and the tiers below it, nothing else under its root. */
export const layerZones = () =>
  Object.entries(FOLDER_LAYERS).flatMap(([root, tiers]) =>
    tiers.flatMap((tier, index) =>
      tier.map((name) => {
        const below = tiers.slice(0, index).flat()
        return {
          target: `./${root}/${name}`,
          from: `./${root}`,
          except: [`./${name}`, ...below.map((other) => `./${other}`)],
          message: `${root}/${name} imports only ${below.length === 0 ? 'itself' : below.join(', ')} (${renderLayers(tiers)}; decision 042): what both sides need goes down a tier.`,
        }
      }),
    ),
  )
