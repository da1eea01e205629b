// Writes contract/openapi.json: the contract as JSON, for the tools backend teams bring that prefer it
// (and a YAML-free reference for scripts/check/check-contract-yaml.py). Read with a YAML 1.2 parser.
// Part of `npm run generate`; `npm run generate:check` fails when it drifts.
import { readFileSync, writeFileSync } from 'node:fs'
import { parse } from 'yaml'

const contract: unknown = parse(readFileSync('contract/openapi.yaml', 'utf8'))
writeFileSync('contract/openapi.json', `${JSON.stringify(contract, null, 2)}\n`)
