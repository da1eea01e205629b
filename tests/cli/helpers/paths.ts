import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const testsCliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const repoRoot = path.resolve(testsCliDir, '..', '..')
export const miniContractPath = path.join(testsCliDir, 'fixtures', 'mini-openapi.yaml')
export const binPath = path.join(repoRoot, 'cli', 'bin.js')
