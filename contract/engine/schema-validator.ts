import { Ajv2020, type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

import type { ContractIndex, SchemaLocation } from './contract-index.ts'
import { pointerToFragment } from './json-pointer.ts'

export type SchemaError = {
  /** readable location in the body, e.g. $.members[0].birthdate */
  path: string
  keyword: string
  message: string
  /** the offending value (undefined for a missing property) */
  actual: unknown
  schemaPath: string
  /** JSON pointer of the value the error is about, or of the object a required property is missing from */
  instancePointer: string
}

export type SchemaCheck =
  | { outcome: 'valid' }
  | { outcome: 'invalid'; errors: readonly SchemaError[] }
  /** the contract's schema itself is broken (bad $ref, invalid keyword value) */
  | { outcome: 'unusable'; reason: string }

export type SchemaValidator = {
  validate(location: SchemaLocation, data: unknown): SchemaCheck
  readonly warnings: readonly string[]
}

// Formats OpenAPI defines on top of JSON Schema. ajv only knows the JSON
// Schema ones (through ajv-formats).
const openApiFormats = {
  int32: { type: 'number', validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1 },
  int64: { type: 'number', validate: (value: number) => Number.isInteger(value) },
  float: { type: 'number', validate: (value: number) => Number.isFinite(value) },
  double: { type: 'number', validate: (value: number) => Number.isFinite(value) },
  byte: { type: 'string', validate: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/ },
  binary: true,
  password: true,
} as const

/**
 * One ajv (draft 2020-12, which OpenAPI 3.1 schemas are) holding every
 * contract document under its file URL, so `$ref`s between them resolve as
 * they do for any other tool. Validators are compiled lazily and cached.
 */
export function createSchemaValidator(contract: ContractIndex): SchemaValidator {
  const ajv = new Ajv2020({
    allErrors: true,
    // `verbose` keeps the offending value on each error, for the report.
    verbose: true,
    // OpenAPI adds keywords (discriminator, xml, externalDocs, example, x-*)
    // that are annotations for us; strict mode would reject them.
    strict: false,
    logger: false,
  })
  addFormats(ajv)
  for (const [name, format] of Object.entries(openApiFormats)) ajv.addFormat(name, format)

  const warnings: string[] = []
  for (const format of contract.formatsUsed) {
    if (ajv.formats[format] === undefined) {
      // An unknown format is an annotation per 2020-12; accept anything but say so.
      ajv.addFormat(format, true)
      warnings.push(`format "${format}" is not a known JSON Schema/OpenAPI format; values are not checked`)
    }
  }
  for (const [url, document] of contract.documents) {
    if (document !== null && typeof document === 'object') {
      // Skip meta-validation: a whole OpenAPI document is not a schema.
      ajv.addSchema(document as AnySchemaObject, url, undefined, false)
    }
  }

  const cache = new Map<string, ValidateFunction | string>()
  function compiled(location: SchemaLocation): ValidateFunction | string {
    const ref = `${location.documentUrl}${pointerToFragment(location.pointer)}`
    const cached = cache.get(ref)
    if (cached !== undefined) return cached
    let result: ValidateFunction | string
    try {
      result = ajv.compile({ $ref: ref })
    } catch (error) {
      result = (error as Error).message
    }
    cache.set(ref, result)
    return result
  }

  return {
    warnings,
    validate(location, data) {
      const validate = compiled(location)
      if (typeof validate === 'string') return { outcome: 'unusable', reason: validate }
      if (validate(data)) return { outcome: 'valid' }
      return { outcome: 'invalid', errors: (validate.errors ?? []).map(toSchemaError) }
    },
  }
}

function toSchemaError(error: ErrorObject): SchemaError {
  const params = error.params as Record<string, unknown>
  let path = readablePath(error.instancePath)
  let actual: unknown = error.data
  let message = error.message ?? error.keyword
  if (error.keyword === 'required' && typeof params['missingProperty'] === 'string') {
    path = `${path}${propertyAccessor(params['missingProperty'])}`
    actual = undefined
    message = 'is required'
  } else if (error.keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
    path = `${path}${propertyAccessor(params['additionalProperty'])}`
    actual = (error.data as Record<string, unknown> | undefined)?.[params['additionalProperty']]
    message = 'is not allowed (additionalProperties: false)'
  } else if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
    message = `must be one of ${params['allowedValues'].map((value) => JSON.stringify(value)).join(', ')}`
  }
  return { path, keyword: error.keyword, message, actual, schemaPath: error.schemaPath, instancePointer: error.instancePath }
}

/** `/members/0/birth-date` -> `$.members[0]["birth-date"]` */
export function readablePath(instancePath: string): string {
  if (instancePath === '') return '$'
  return `$${instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : propertyAccessor(segment)))
    .join('')}`
}

function propertyAccessor(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`
}
