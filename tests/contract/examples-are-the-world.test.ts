// The contract's examples are the demo world: each operation's example request (its parameters' and
// body's examples), sent as the demo customer to a fresh mock, gets one of its declared successes. So
// an example-driven tool (Schemathesis' examples phase, Prism's proxy, our own reach checks) meets the
// API working, not 404s. Operations whose example cannot succeed on its own are listed with why.
import { describe, expect, it } from 'vitest'
import { loadContract, type OperationSpec } from '../../contract/engine/contract-index.ts'
import { createProbeApi } from './probe.ts'

const contract = await loadContract('contract/openapi.yaml')
const operations = [...contract.operations.values()]

/** Operations whose example alone cannot succeed on a fresh world, and why. */
const CANNOT: Readonly<Record<string, string>> = {
  autologin: 'its token exists only in a mail the API has just sent (POST /auth/remember)',
  validateUser: 'its token exists only in the validation mail sent to a new customer',
  uploadFile: 'a multipart/form-data body: the contract describes the file field, it has no example file',
  getFile: 'a file name exists only after an upload (POST /auth/file-upload answers it)',
  checkout: 'its lock_id exists only after POST /travelgroup/{id}/lock, and a lock lasts minutes',
  createReview:
    "the example booking (bkg-sol-1001, shared by every booking operation) is a trip still to come; a taken trip's booking such as bkg-sol-1005 can be reviewed",
  updateBookingTerms: 'the example booking is paid in full, so there is no pending amount to re-plan; bkg-sol-1002 has terms due',
  purchaseTerms: 'the example booking is paid in full (its one term, trm-1437, answers payment_already_completed); bkg-sol-1002 has terms due',
  redirectPayment: "the example payment (pay-1438, the example booking's) is completed; a pending payment exists only after a purchase or checkout",
  retryPayment: 'the example payment is completed: only a failed or pending one can be retried',
  updatePassword: "on purpose: its current password is not the demo customer's, so a tool that sends examples never changes a credential (checked below)",
}

function exampleRequest(operation: OperationSpec) {
  const missing: string[] = []
  const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const param = operation.parameters.find((p) => p.in === 'path' && p.name === name)
    if (param?.example === undefined) missing.push(`path ${name}`)
    return encodeURIComponent(String(param?.example ?? ''))
  })
  const query: Record<string, string> = {}
  for (const param of operation.parameters.filter((p) => p.in === 'query')) {
    if (param.example !== undefined) query[param.name] = String(param.example)
    else if (param.required) missing.push(`query ${param.name}`)
  }
  const json = operation.requestBody?.content.find((media) => media.mediaType === 'application/json')
  if (operation.requestBody?.required && json && json.example === undefined) missing.push('body')
  return { path, query, body: json?.example, missing }
}

describe("the contract's examples are the demo world", () => {
  it.each(operations.filter((op) => CANNOT[op.operationId] === undefined).map((op) => [op.operationId, op] as const))(
    '%s: its example request succeeds on a fresh mock',
    async (_id, operation) => {
      const { path, query, body, missing } = exampleRequest(operation)
      expect(missing, 'examples missing').toEqual([])
      const api = createProbeApi()
      const method = operation.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE'
      const res = await api.call(method, path, { as: operation.bearer === 'none' ? undefined : 'ana', query, ...(body === undefined ? {} : { body }) })
      const successes = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status))
      expect(successes, `${method} ${path} ${JSON.stringify(body) ?? ''} → ${res.status} ${await res.clone().text()}`).toContain(String(res.status))
    },
  )

  it("changes no credential: the password change's example is refused, and the demo password still signs in", async () => {
    const operation = contract.operations.get('updatePassword')!
    const api = createProbeApi()
    const res = await api.call('PUT', operation.path, { as: 'ana', body: exampleRequest(operation).body })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ code: 'auth_wrong_password' })
    const login = contract.operations.get('login')!
    expect((await api.call('POST', login.path, { body: exampleRequest(login).body })).status).toBe(200)
  })

  it('lists only operations that exist', () => {
    expect(Object.keys(CANNOT).filter((id) => !contract.operations.has(id))).toEqual([])
  })
})
