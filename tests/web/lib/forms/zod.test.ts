import { fileURLToPath } from 'node:url'
import { i18n, type MessageDescriptor } from '@lingui/core'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FormRules, validate } from '@/hooks/use-light-form'
import { activateLocale } from '@/lib/i18n/lingui'
import type { Locale } from '@/lib/i18n/locales.universal'
import { lazySchema, type z } from '@/lib/forms/zod'
import { linkLoginRules, passwordLoginRules } from '@/features/auth/sign-in-rules'

// Every form's schema (lint keeps them in a feature's schemas.ts) parsed with empty, missing, wrong-type,
// oversized and malformed values, in Spanish and in English: each message a traveller can be shown must
// be one Lingui rendered from a catalog entry translated into that language. A schema library's default
// text ("Invalid input: expected string, received null") is not in the catalogs, so it fails here.

type Schema = z.core.$ZodType
const schemaModules = import.meta.glob<Record<string, unknown>>('/web/src/features/**/schemas.ts', { eager: true })
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value

/** Each exported schema, and what each exported schema factory makes (called with each boolean, for options like needsCurrent). */
function formSchemas(): [string, Schema][] {
  const found: [string, Schema][] = []
  for (const [path, module] of Object.entries(schemaModules)) {
    const file = path.replace('/web/src/features/', '')
    for (const [name, value] of Object.entries(module)) {
      if (isSchema(value)) found.push([`${file} ${name}`, value])
      else if (typeof value === 'function' && name.endsWith('Schema') && value.length <= 1) {
        for (const arg of value.length === 0 ? [undefined] : [true, false]) {
          const made: unknown = value(arg)
          if (isSchema(made)) found.push([`${file} ${name}(${arg ?? ''})`, made])
        }
      }
    }
  }
  return found
}

const BAD: unknown[] = [undefined, null, '', '   ', 0, -1, 1e12, true, {}, [], 'x'.repeat(5000), 'no es un email', '<b>x</b>', '2026-13-45', '1890-01-01']

type Def = { type: string; shape?: Record<string, Schema>; element?: Schema; innerType?: Schema; in?: Schema }
const defOf = (schema: Schema) => (schema._zod as unknown as { def: Def }).def

/** A value of the schema's shape with every leaf empty: the form as it opens. */
function blank(schema: Schema): unknown {
  const def = defOf(schema)
  if (def.type === 'object' && def.shape) return Object.fromEntries(Object.entries(def.shape).map(([key, child]) => [key, blank(child)]))
  if (def.type === 'array' && def.element) return [blank(def.element)]
  if (def.type === 'optional' && def.innerType) return blank(def.innerType)
  if (def.type === 'pipe' && def.in) return blank(def.in)
  if (def.type === 'boolean') return false
  return ''
}

/** The blank form, then each field (at any depth) given each bad value in turn. */
function inputs(schema: Schema): unknown[] {
  const def = defOf(schema)
  if (def.type === 'object' && def.shape) {
    const base = blank(schema) as Record<string, unknown>
    return [base, ...Object.entries(def.shape).flatMap(([key, child]) => inputs(child).map((value) => ({ ...base, [key]: value })))]
  }
  if (def.type === 'array' && def.element) return [[], ...inputs(def.element).map((item) => [item])]
  if (def.type === 'optional' && def.innerType) return inputs(def.innerType)
  return BAD
}

type Catalogs = Awaited<ReturnType<Awaited<ReturnType<typeof getCatalogs>>[number]['readAll']>>
let catalogs: Catalogs
/** What Lingui rendered while the schemas ran: each text with the catalog id it came from. */
const rendered = new Map<string, string>()

beforeAll(async () => {
  const config = getConfig({ configPath: fileURLToPath(new URL('../../../../web/lingui.config.ts', import.meta.url)) })
  const [catalog] = await getCatalogs(config)
  if (!catalog) throw new Error('no Lingui catalog configured')
  catalogs = await catalog.readAll()
})

// installed before each test: the suite's config restores every spy between tests
beforeEach(() => {
  const render = (i18n._ as (descriptor: MessageDescriptor, values?: Record<string, unknown>) => string).bind(i18n)
  vi.spyOn(i18n, '_').mockImplementation(((descriptor: MessageDescriptor, values?: Record<string, unknown>) => {
    const text = render(descriptor, values)
    rendered.set(text, descriptor.id ?? '')
    return text
  }) as typeof i18n._)
})

afterAll(async () => {
  await activateLocale('es')
})

const schemas = formSchemas()

describe.each<Locale>(['es', 'en'])('form messages in %s', (locale) => {
  const expectTranslated = (where: string, message: string) => {
    const id = rendered.get(message)
    expect(id, `${where}: "${message}" did not come from Lingui`).toBeDefined()
    const entry = catalogs[locale]?.[id!]
    expect(entry?.translation?.trim(), `${where}: "${message}" (${id}) is not translated into ${locale}`).toBeTruthy()
    expect(message, where).not.toMatch(/Invalid|expected|received|Too (big|small)|Required/)
  }

  it('finds every form', () => {
    // a schemas.ts without schemas, or a factory this walk cannot call, would make the rest pass on nothing
    expect(schemas.length).toBeGreaterThanOrEqual(20)
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'checkout/schemas.ts summarySchema()',
        'checkout/schemas.ts personalSchema()',
        'booking/schemas.ts reviewSchema()',
        'cancellation/schemas.ts cancellationSchema()',
        'auth/schemas.ts passwordChangeSchema(true)',
      ]),
    )
  })

  it.each(schemas)('%s says only catalog messages', async (name, schema) => {
    await activateLocale(locale)
    rendered.clear()
    let issues = 0
    for (const input of inputs(schema)) {
      const result = await (schema as z.ZodMiniType).safeParseAsync(input)
      if (result.success) continue
      for (const issue of result.error.issues) {
        issues += 1
        expectTranslated(`${name} ${JSON.stringify(input)?.slice(0, 120)} at ${issue.path.join('.')}`, issue.message)
      }
    }
    expect(issues, `${name} refused nothing`).toBeGreaterThan(0)
  })

  it.each<[string, FormRules<Record<string, string>>]>([
    ['sign-in by link', linkLoginRules],
    ['sign-in by password', passwordLoginRules],
  ])('%s (the first bundle’s light forms) says only catalog messages', async (_name, rules) => {
    await activateLocale(locale)
    rendered.clear()
    for (const value of ['', '   ', 'no es un email', 'x'.repeat(5000)]) {
      const result = validate(rules, Object.fromEntries(Object.keys(rules).map((key) => [key, value])))
      if (!('errors' in result)) continue
      for (const message of Object.values(result.errors)) if (message) expectTranslated(`${_name} "${value.slice(0, 20)}"`, message)
    }
  })

  it('says what the SPEC says when no payment plan or method is chosen (the radios read null)', async () => {
    await activateLocale(locale)
    const { summarySchema } = schemaModules['/web/src/features/checkout/schemas.ts'] as { summarySchema: () => Schema }
    const result = await (summarySchema() as z.ZodMiniType).safeParseAsync({ planId: null, methodId: null, acceptTerms: false })
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(messages).toEqual(
      locale === 'es'
        ? [
            ['planId', 'Debes seleccionar un plan de pago'],
            ['methodId', 'Debes indicar el método de pago'],
            ['acceptTerms', 'Debes aceptar los términos y condiciones'],
          ]
        : [
            ['planId', expect.stringMatching(/payment plan/i)],
            ['methodId', expect.stringMatching(/payment method/i)],
            ['acceptTerms', expect.stringMatching(/terms/i)],
          ],
    )
  })
})

describe('lazySchema', () => {
  it('makes the schema when first asked for, once, and gives the same one after', async () => {
    const { z: zod } = await import('@/lib/forms/zod')
    const make = vi.fn(() => zod.object({ name: zod.string() }))
    const schema = lazySchema(make)
    expect(make).not.toHaveBeenCalled()

    const first = schema()
    expect(schema()).toBe(first)
    expect(make).toHaveBeenCalledTimes(1)
    expect(first.safeParse({ name: 'Ana' }).success).toBe(true)
  })
})
