import type { ContractIndex, OperationSpec, ParameterSpec } from './contract-index.ts'
import { recordedBodyOf, requestHeader, toCurl, type RecordedRequest } from './curl.ts'
import { createOperationMatcher } from './operation-matcher.ts'
import { isJsonMediaType, matchMediaType, parseMediaType, excerpt } from './response-checker.ts'
import type { SchemaValidator } from './schema-validator.ts'
import { schemaAt } from './schema-values.ts'
import type { Violation } from './violation.ts'

// Checks one real request against the contract, as a client sent it (the portal, a test suite, another
// team's integration): the operation it is, its path, query and header parameters (the tenant header
// among them), a session where the operation needs one, and its body's content type and schema. The
// other half of the response checker, for traffic the tools did not make (the proxy).

export type ObservedRequest = {
  method: string
  /** the full URL the client asked for (its path under the contract's base path, or not) */
  url: string
  headers: Readonly<Record<string, string>>
  body: Uint8Array
}

export type CheckedRequest = {
  /** the operation it is; undefined when none of the contract's */
  operation: OperationSpec | undefined
  violations: Violation[]
}

export type RequestChecker = { check(request: ObservedRequest): CheckedRequest }

const decoder = new TextDecoder('utf-8')

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

export function createRequestChecker(contract: ContractIndex, validator: SchemaValidator): RequestChecker {
  const matcher = createOperationMatcher([...contract.operations.values()])

  /** A parameter's text as its schema reads it: a number or a boolean where the schema says so. */
  const typed = (parameter: ParameterSpec, text: string): unknown => {
    const types = parameter.schema === undefined ? [] : ([schemaAt(contract, parameter.schema)?.schema['type']].flat() as unknown[])
    if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text)
    if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true'
    return text
  }

  function check(request: ObservedRequest): CheckedRequest {
    const url = new URL(request.url)
    const path = contract.basePath !== '' && url.pathname.startsWith(contract.basePath) ? url.pathname.slice(contract.basePath.length) || '/' : url.pathname
    const method = request.method.toUpperCase()
    const contentType = requestHeader(request, 'content-type') ?? ''
    const recorded: RecordedRequest = {
      method,
      url: request.url,
      headers: request.headers,
      ...(request.body.length === 0 ? {} : { body: recordedBodyOf(contentType, request.body) }),
    }
    const violations: Violation[] = []
    const found = matcher.match(method === 'HEAD' ? 'GET' : method, path)
    const operationId = found?.operation.operationId ?? `${method} ${path}`
    const report = (expected: string, actual: string) =>
      violations.push({ kind: 'request', operationId, method, url: request.url, expected, actual, curl: toCurl(recorded) })
    if (found === undefined) {
      const methods = matcher.methodsAt(path)
      report(
        methods.length > 0 ? `one of the methods declared at ${path}: ${methods.join(', ')}` : 'a path of the contract',
        methods.length > 0 ? `${method} is not declared there` : `no operation has the path ${path}`,
      )
      return { operation: undefined, violations }
    }
    const operation = found.operation
    const header = (name: string) => requestHeader(request, name)

    for (const parameter of operation.parameters) {
      const raw =
        parameter.in === 'path'
          ? found.params[parameter.name] === undefined
            ? undefined
            : safeDecode(found.params[parameter.name] as string)
          : parameter.in === 'query'
            ? (url.searchParams.get(parameter.name) ?? undefined)
            : parameter.in === 'header'
              ? header(parameter.name)
              : undefined
      if (raw === undefined) {
        if (parameter.required && parameter.in !== 'cookie') report(`the ${parameter.in} parameter ${parameter.name} (required)`, `no ${parameter.name}`)
        continue
      }
      if (parameter.schema === undefined) continue
      const result = validator.validate(parameter.schema, typed(parameter, raw))
      if (result.outcome === 'invalid') {
        report(`${parameter.in} parameter ${parameter.name}: ${result.errors.map((error) => error.message).join('; ')}`, excerpt(JSON.stringify(raw)))
      }
    }

    // A session where every alternative of the operation's security needs a bearer token.
    if (operation.requiresAuth && !/^bearer\s+\S/i.test(header('authorization') ?? ''))
      report('an Authorization: Bearer token (the operation needs a session)', 'none')

    const media = parseMediaType(header('content-type') ?? null)
    const declared = operation.requestBody?.content ?? []
    if (request.body.length === 0) {
      if (operation.requestBody?.required === true) report(`a ${declared.map((item) => item.mediaType).join(' or ')} body (required)`, 'an empty body')
      return { operation, violations }
    }
    if (declared.length === 0) {
      report('no body (the operation declares none)', `${request.body.length} bytes`)
      return { operation, violations }
    }
    const matched = media === undefined ? undefined : matchMediaType(declared, media)
    if (matched === undefined) {
      report(`content-type ${declared.map((item) => item.mediaType).join(' or ')}`, media ?? 'no content-type header')
      return { operation, violations }
    }
    if (!isJsonMediaType(matched.mediaType) || matched.schema === undefined) return { operation, violations }
    let json: unknown
    try {
      json = JSON.parse(decoder.decode(request.body)) as unknown
    } catch {
      report('a JSON body', `unparsable JSON: ${excerpt(decoder.decode(request.body.subarray(0, 200)))}`)
      return { operation, violations }
    }
    const result = validator.validate(matched.schema, json)
    if (result.outcome === 'invalid') {
      for (const error of result.errors.slice(0, 10))
        report(`body ${error.path} ${error.message}`, error.actual === undefined ? 'missing' : excerpt(JSON.stringify(error.actual)))
    }
    return { operation, violations }
  }

  return { check }
}
