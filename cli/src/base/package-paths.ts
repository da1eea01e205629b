import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { CONTRACT_DIGEST } from '../../../contract/generated/api-operations.ts'

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

/**
 * The file to read for a contract path: the shipped YAML's JSON twin when the YAML is the one it was generated from
 * (its digest, written by the same `npm run generate`), else the path as given. Parsing the YAML cost a run 0.2 s
 * of its start; JSON.parse, a few milliseconds. An edited, not yet generated YAML is read as it is.
 */
export function contractFileToRead(contractPath: string): string {
  if (path.resolve(contractPath) !== defaultContractPath || !existsSync(contractJsonPath)) return contractPath
  const digest = createHash('sha256').update(readFileSync(defaultContractPath)).digest('hex').slice(0, CONTRACT_DIGEST.length)
  return digest === CONTRACT_DIGEST ? contractJsonPath : contractPath
}
