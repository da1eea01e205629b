import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runCli } from '../../../cli/src/main.ts'
import { api, startTestMock, type TestMock } from '../helpers/mock-server.ts'
import { createTestIo } from '../helpers/test-io.ts'

// `tenants` and `scenario` against the real mock HTTP server: what they do
// must change what the mock serves.

let mock: TestMock
let tempDir: string

beforeAll(async () => {
  ;[mock, tempDir] = await Promise.all([startTestMock(), mkdtemp(path.join(tmpdir(), 'mock-control-'))])
})

afterAll(async () => {
  await mock.dispose()
})

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = createTestIo()
  const code = await runCli([...args, '--mock-url', mock.url], io)
  return { code, out: io.out(), err: io.err() }
}

/** What the portal gets when it looks its agency up by the URL it is served on. */
const agencyAt = (url: string) => api(mock, 'POST', '/agency', { json: { url } })
const config = (agency: string) => api(mock, 'GET', '/auth/config', { agency })

describe('tenants', () => {
  it('lists the seeded tenants', async () => {
    const { code, out } = await cli('tenants', 'list')
    expect(code).toBe(0)
    expect(out).toMatch(/^id\s+name\s+host\s+color1\s+email$/m)
    expect(out).toMatch(/^ag-sol\s+Viajes Sol\s+localhost,127\.0\.0\.1,sol\.localhost/m)
    expect(out).toMatch(/^ag-norte\s/m)
    expect(out).toMatch(/^ag-mar\s/m)
  })

  it('adds a tenant from flags, which the mock then serves on its host with its branding and demo trips', async () => {
    expect((await agencyAt('http://luna.localhost:5173')).status).toBe(404)
    const { code, out, err } = await cli(
      'tenants',
      'add',
      '--id',
      'ag-luna',
      '--name',
      'Viajes Luna',
      '--host',
      'luna.localhost:5173',
      '--color1',
      '#0a7cff',
      '--color3',
      '#102030',
      '--color4',
      '#fafafa',
      '--logo',
      'https://cdn.example/luna.svg',
      '--css-extra',
      '.site-header{border:0}',
      '--email',
      'hola@luna.example',
      '--phone',
      '+34 911 222 333',
    )
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(out).toBe('added tenant ag-luna (Viajes Luna, luna.localhost:5173)\n')

    const found = await agencyAt('http://luna.localhost:5173')
    expect(found.status).toBe(200)
    expect(found.json).toMatchObject({
      id: 'ag-luna',
      name: 'Viajes Luna',
      color1: '#0a7cff',
      color3: '#102030',
      color4: '#fafafa',
      css_extra: '.site-header{border:0}',
      email: 'hola@luna.example',
      phone: '+34 911 222 333',
    })
    const groups = await api(mock, 'GET', '/travelgroup', { agency: 'ag-luna' })
    expect(groups.status).toBe(200)
    expect((groups.json?.['data'] as unknown[]).length).toBeGreaterThan(0)
    expect((await cli('tenants', 'list')).out).toMatch(/^ag-luna\s+Viajes Luna\s+luna\.localhost:5173\s+#0a7cff\s+hola@luna\.example$/m)
  })

  it('adds tenants from a YAML file, and removes them again', async () => {
    const file = path.join(tempDir, 'tenants.yaml')
    await writeFile(
      file,
      [
        '- id: ag-rio',
        '  name: Viajes Río',
        '  host: rio.localhost',
        '  color1: "#0f766e"',
        '- id: ag-sur',
        '  name: Viajes Sur',
        '  hosts: [sur.localhost, sur2.localhost]',
        '  cssExtra: ".x{}"',
        '',
      ].join('\n'),
    )
    const added = await cli('tenants', 'add', '--file', file)
    expect(added.code).toBe(0)
    expect(added.out).toBe('added tenant ag-rio (Viajes Río, rio.localhost)\nadded tenant ag-sur (Viajes Sur, sur.localhost, sur2.localhost)\n')
    expect((await agencyAt('http://rio.localhost')).json?.['name']).toBe('Viajes Río')
    expect((await agencyAt('http://sur2.localhost:5173')).json).toMatchObject({ id: 'ag-sur', css_extra: '.x{}' })

    const removed = await cli('tenants', 'remove', 'ag-rio', 'ag-sur')
    expect(removed.code).toBe(0)
    expect(removed.out).toBe('removed tenant ag-rio\nremoved tenant ag-sur\n')
    expect((await agencyAt('http://rio.localhost')).status).toBe(404)
    expect((await agencyAt('http://sur.localhost')).status).toBe(404)
  })

  it('seed puts back a removed demo tenant with its content, and seeds one tenant idempotently', async () => {
    expect((await cli('tenants', 'remove', 'ag-mar')).code).toBe(0)
    expect((await agencyAt('http://mar.localhost:5173')).status).toBe(404)

    const seeded = await cli('tenants', 'seed')
    expect(seeded.code).toBe(0)
    expect(seeded.out).toMatch(/^seeded \d+ tenants; put back ag-mar; \d+ new travel groups$/m)
    expect((await agencyAt('http://mar.localhost:5173')).json?.['id']).toBe('ag-mar')

    const again = await cli('tenants', 'seed', 'ag-luna', '--json')
    expect(again.code).toBe(0)
    expect(JSON.parse(again.out)).toMatchObject({ tenants: [{ id: 'ag-luna' }], restored: [], travelGroups: [] })
  })

  it('bad input exits 2 with a message naming the field', async () => {
    const badHost = await cli('tenants', 'add', '--name', 'Mala', '--host', 'mala localhost')
    expect(badHost.code).toBe(2)
    expect(badHost.err).toContain('error: tenant.host (--host) must be a host name like')

    const badColour = await cli('tenants', 'add', '--name', 'Mala', '--host', 'mala.localhost', '--color1', 'red')
    expect(badColour.code).toBe(2)
    expect(badColour.err).toContain('error: tenant.color1 (--color1) must be a hex colour like #0a7cff')

    const noName = await cli('tenants', 'add', '--host', 'mala.localhost')
    expect(noName.code).toBe(2)
    expect(noName.err).toContain('error: tenant.name (--name) is required')

    const takenHost = await cli('tenants', 'add', '--name', 'Copia', '--host', 'luna.localhost:5173')
    expect(takenHost.code).toBe(2)
    expect(takenHost.err).toContain('hosts: already served by ag-luna')

    const unknown = await cli('tenants', 'remove', 'ag-nadie')
    expect(unknown.code).toBe(2)
    expect(unknown.err).toContain("No agency with id 'ag-nadie'")

    const badUrl = await runCli(['tenants', 'list', '--mock-url', 'localhost:3333'], createTestIo())
    expect(badUrl).toBe(2)
  })
})

describe('scenario', () => {
  it('scoped to one tenant, changes what that tenant is served and no other', async () => {
    expect((await config('ag-mar')).json?.['maintenance']).toBe(false)
    const set = await cli('scenario', 'set', 'maintenance', '--tenant', 'ag-mar')
    expect(set.code).toBe(0)
    expect(set.out).toBe('at tenant ag-mar: maintenance\nreplaced: nothing\n')
    expect((await config('ag-mar')).json?.['maintenance']).toBe(true)
    expect((await config('ag-sol')).json?.['maintenance']).toBe(false)

    const list = await cli('scenario', 'list', '--tenant', 'ag-mar')
    expect(list.code).toBe(0)
    expect(list.out).toMatch(/^active for tenant ag-mar:\nname\s+where\n-+\s+-+\nmaintenance\s+tenant ag-mar$/m)
    expect(list.out).toMatch(/^pack-full\s+--tenant --travel-group --pack\s+The pack is full/m)
    expect(list.out).toMatch(/^expired-passport\s+--tenant --travel-group --booking --member\s/m)
  })

  it('set replaces what was active at the same place and says so', async () => {
    const build = (await config('ag-mar')).json?.['build']
    const set = await cli('scenario', 'set', 'new-build', '--tenant', 'ag-mar')
    expect(set.code).toBe(0)
    expect(set.out).toBe('at tenant ag-mar: new-build\nreplaced: maintenance\n')
    const now = await config('ag-mar')
    expect(now.json?.['maintenance']).toBe(false)
    expect(now.json?.['build']).not.toBe(build)

    const global = await cli('scenario', 'set', 'no-bookings')
    expect(global.out).toBe('at every tenant: no-bookings\nreplaced: nothing\n')
    const token = (await api(mock, 'POST', '/auth/login', { agency: 'ag-sol', json: { email: 'ana.garcia@example.com', password: 'viaje2026' } })).json?.[
      'token'
    ] as string
    expect((await api(mock, 'GET', '/booking', { agency: 'ag-sol', token })).json).toEqual([])
  })

  it('aimed at one pack: that pack is full, the other still has seats; remove puts it back', async () => {
    const packsLeft = async () =>
      Object.fromEntries(
        ((await api(mock, 'GET', '/travelgroup/tg-sol-rom', { agency: 'ag-sol' })).json?.['packs'] as { id: string; seats_left: number }[]).map((p) => [
          p.id,
          p.seats_left,
        ]),
      )
    const before = await packsLeft()
    const add = await cli('scenario', 'add', 'pack-full', '--travel-group', 'tg-sol-rom', '--pack', 'tg-sol-rom-pck-1')
    expect(add.code).toBe(0)
    expect(add.out).toMatch(
      /^added: pack-full at pack tg-sol-rom-pck-1 \(travel group tg-sol-rom, tenant ag-sol\)\nactive:\n( {2}.*\n)* {2}pack-full at pack tg-sol-rom-pck-1 /,
    )
    const during = await packsLeft()
    expect(during['tg-sol-rom-pck-1']).toBe(0)
    expect(during['tg-sol-rom-pck-2']).toBe(before['tg-sol-rom-pck-2'])
    expect(during['tg-sol-rom-pck-2']).toBeGreaterThan(0)

    const again = await cli('scenario', 'add', 'pack-full', '--pack', 'tg-sol-rom-pck-1')
    expect(again.out).toMatch(/^already active; nothing added\n/)
    const list = await cli('scenario', 'list')
    expect(list.out).toMatch(/^pack-full\s+pack tg-sol-rom-pck-1 \(travel group tg-sol-rom, tenant ag-sol\)$/m)

    const removed = await cli('scenario', 'remove', 'pack-full', '--pack', 'tg-sol-rom-pck-1')
    expect(removed.code).toBe(0)
    expect(removed.out).toMatch(/^removed: pack-full at pack tg-sol-rom-pck-1 /)
    expect(await packsLeft()).toEqual(before)
    expect((await cli('scenario', 'remove', 'pack-full')).out).toMatch(/^nothing matched; nothing removed\n/)
  })

  it('reset clears one tenant, then everything', async () => {
    const one = await cli('scenario', 'reset', '--tenant', 'ag-mar')
    expect(one.code).toBe(0)
    expect(one.out).toBe('scenarios reset for tenant ag-mar: new-build at tenant ag-mar switched off\n')
    const listed = JSON.parse((await cli('scenario', 'list', '--json')).out) as { active: { name: string }[] }
    expect(listed.active.map((item) => item.name)).toEqual(['no-bookings'])

    expect((await cli('scenario', 'reset')).out).toBe('scenarios reset for every tenant: no-bookings at every tenant switched off\n')
    const token = (await api(mock, 'POST', '/auth/login', { agency: 'ag-sol', json: { email: 'ana.garcia@example.com', password: 'viaje2026' } })).json?.[
      'token'
    ] as string
    expect(((await api(mock, 'GET', '/booking', { agency: 'ag-sol', token })).json as unknown as unknown[]).length).toBeGreaterThan(0)
  })

  it('bad names, targets and tenants exit 2 with a message naming the field', async () => {
    const unknown = await cli('scenario', 'set', 'tsunami')
    expect(unknown.code).toBe(2)
    expect(unknown.err).toMatch(
      /^error: PUT \S+ answered 422: validation_error; names.0: 'tsunami' is not a scenario; known scenarios: default, maintenance, [a-z, -]+\n$/,
    )

    const badTenant = await cli('scenario', 'set', 'maintenance', '--tenant', 'ag-nadie')
    expect(badTenant.code).toBe(2)
    expect(badTenant.err).toContain("target.tenant 'ag-nadie' is not a tenant")

    const wrongAim = await cli('scenario', 'add', 'sold-out', '--pack', 'tg-sol-rom-pck-1')
    expect(wrongAim.code).toBe(2)
    expect(wrongAim.err).toContain('target.pack cannot aim sold-out at a pack: it takes a travel group')

    const nowhere = await cli('scenario', 'remove')
    expect(nowhere.code).toBe(2)
    expect(nowhere.err).toContain('name a scenario, a place')

    const badShape = await cli('scenario', 'set', 'bad name!')
    expect(badShape.code).toBe(2)
    expect(badShape.err).toContain('scenario names are letters, digits')

    const none = await cli('scenario', 'set')
    expect(none.code).toBe(2)
    expect(none.err).toContain("missing required argument 'name'")
  })
})

describe('reset and status', () => {
  it('status says the seed, what is active and where, the settings, and what was added since the seed; reset puts all of it back', async () => {
    type Status = {
      counts: Record<string, number>
      seedCounts: Record<string, number>
      scenarios: unknown[]
      settings: { throttling: boolean; debugLogin: boolean }
    }
    const before = JSON.parse((await cli('status', '--json')).out) as Status
    // what QA does in a morning: a tenant, a scenario for one tenant, throttling off, debug sign-in on, a sign-in
    expect((await cli('tenants', 'add', '--id', 'ag-qa-status', '--name', 'QA Status', '--host', 'qa-status.localhost')).code).toBe(0)
    expect((await cli('scenario', 'set', 'maintenance', '--tenant', 'ag-mar')).code).toBe(0)
    expect((await cli('settings', '--throttling', 'off', '--debug-login', 'on')).code).toBe(0)
    expect((await api(mock, 'POST', '/auth/login', { agency: 'ag-sol', json: { email: 'ana.garcia@example.com', password: 'viaje2026' } })).status).toBe(200)

    const status = await cli('status')
    expect(status.code).toBe(0)
    expect(status.out).toMatch(/^mock http:\/\/127\.0\.0\.1:\d+: seed \d+, made for \d{4}-\d\d-\d\d$/m)
    expect(status.out).toContain('scenarios: maintenance at tenant ag-mar\n')
    expect(status.out).toContain('settings: throttling: off; debug sign-in for every tenant: on\n')
    const tenants = before.counts['tenants']! + 1
    expect(status.out).toMatch(new RegExp(`^tenants\\s+${tenants}\\s+\\+${tenants - before.seedCounts['tenants']!}$`, 'm'))
    expect(status.out).toMatch(new RegExp(`^sessions\\s+${before.counts['sessions']! + 1}\\s+\\+\\d+$`, 'm'))

    const reset = await cli('reset')
    expect(reset.code).toBe(0)
    expect(reset.out).toMatch(/^mock reset to seed \d+: \d+ tenants, no scenario; throttling: on; debug sign-in for every tenant: off\n$/)
    const after = JSON.parse((await cli('status', '--json')).out) as Status
    expect(after.counts).toEqual(after.seedCounts)
    expect(after.scenarios).toEqual([])
    expect(after.settings).toMatchObject({ throttling: true, debugLogin: false })
    // what the portal is served follows: the tenant QA added is gone, the maintenance too
    expect((await agencyAt('http://qa-status.localhost')).status).toBe(404)
    expect((await config('ag-mar')).json?.['maintenance']).toBe(false)
  })

  it('reset --seed makes another world; a mock that is not there is exit 2 with what to do', async () => {
    const seed = mock.runtime.world.seed
    const other = await cli('reset', '--seed', '7')
    expect(other.out).toMatch(/^mock reset to seed 7: /)
    expect((await cli('reset', '--seed', 'seven')).code).toBe(2)
    const io = createTestIo()
    expect(await runCli(['status', '--mock-url', 'http://127.0.0.1:9'], io)).toBe(2)
    expect(io.err()).toContain('is `travel-portal mock` running?')
    // back to the test mock's own seed for the tests after
    expect((await cli('reset', '--seed', String(seed))).code).toBe(0)
  })
})
