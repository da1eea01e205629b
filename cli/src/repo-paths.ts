import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Resolved from this file rather than process.cwd() so the bin works from any
// directory (`npx travel-portal` may be run from a sub-folder).
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export const defaultContractPath = path.join(repoRoot, 'contract', 'openapi.yaml')
export const mockServerModulePath = path.join(repoRoot, 'mock', 'src', 'transport', 'server.ts')
export const mockStartOptionsModulePath = path.join(repoRoot, 'mock', 'src', 'start-options.ts')
export const redoclyBinPath = path.join(repoRoot, 'node_modules', '.bin', 'redocly')
