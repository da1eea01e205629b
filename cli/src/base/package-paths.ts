import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The directory that holds `contract/`: the repository's root in a checkout, the package's root once
 * installed (where the bundled modules sit one or two folders deeper). Found from this module rather than
 * process.cwd(), so the bin works from any directory.
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'contract', 'openapi.yaml'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`travel-portal: no contract/openapi.yaml above ${from}; the installation is incomplete`)
  }
}

export const packageRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)))

export const defaultContractPath = path.join(packageRoot, 'contract', 'openapi.yaml')
/** The contract as JSON, generated beside the YAML: read where parsing YAML would cost start-up time. */
export const contractJsonPath = path.join(packageRoot, 'contract', 'openapi.json')
/** Only in a checkout: the installed package does not carry redocly. */
export const redoclyBinPath = path.join(packageRoot, 'node_modules', '.bin', 'redocly')
