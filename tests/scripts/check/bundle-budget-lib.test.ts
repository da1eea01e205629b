import { describe, expect, it } from 'vitest'
import { BENCH_END, BENCH_START, upsertBenchRowIn } from '../../../scripts/bench/bench-readme.ts'
import {
  catalogIds,
  firstLoadFiles,
  misplacedMessageIds,
  judge,
  lazinessProblems,
  type Manifest,
  measureRoutes,
  staticClosure,
  suggestBudget,
} from '../../../scripts/check/bundle-budget-lib.ts'

// A small build: the entry (with the sign-in page inside) shares react with two lazy routes, one
// route brings a chunk of its own with CSS, a catalog loads at start-up, a chunk is shared lazily.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react.js', '_session.js'],
    dynamicImports: [
      'src/app/routes/customer/bookings.tsx',
      'src/app/routes/public/faq.tsx',
      'src/locales/es/messages.po?catalog=startup',
      'src/locales/es/messages.po?catalog=rest',
    ],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js', name: 'react' },
  '_session.js': { file: 'assets/session.js', name: 'session', imports: ['_react.js'] },
  '_forms.js': { file: 'assets/forms.js', name: 'forms', imports: ['_react.js'], css: ['assets/forms.css'] },
  '_cards.js': { file: 'assets/cards.js', name: 'cards', imports: ['_forms.js'], dynamicImports: ['src/app/routes/public/faq.tsx'] },
  'src/app/routes/customer/bookings.tsx': {
    file: 'assets/bookings.js',
    src: 'src/app/routes/customer/bookings.tsx',
    isDynamicEntry: true,
    imports: ['_react.js', '_cards.js', '_session.js'],
    css: ['assets/bookings.css'],
  },
  'src/app/routes/public/faq.tsx': { file: 'assets/faq.js', src: 'src/app/routes/public/faq.tsx', isDynamicEntry: true, imports: ['_react.js'] },
  'src/locales/es/messages.po?catalog=startup': { file: 'assets/messages-es.js', src: 'src/locales/es/messages.po?catalog=startup', isDynamicEntry: true },
  'src/locales/es/messages.po?catalog=rest': { file: 'assets/messages-es-rest.js', src: 'src/locales/es/messages.po?catalog=rest', isDynamicEntry: true },
}

const sizes: Record<string, number> = {
  'assets/index.js': 50_000,
  'assets/react.js': 60_000,
  'assets/session.js': 1_000,
  'assets/forms.js': 10_000,
  'assets/cards.js': 3_000,
  'assets/bookings.js': 4_000,
  'assets/faq.js': 2_000,
  'assets/messages-es.js': 8_000,
  'assets/messages-es-rest.js': 7_500,
  'assets/index.css': 3_000,
  'assets/forms.css': 500,
  'assets/bookings.css': 900,
}
const options = {
  routesDir: 'src/app/routes/',
  staticRoute: 'login',
  startup: ['src/locales/es/messages.po?catalog=startup'],
  withLazyRoutes: ['src/locales/es/messages.po?catalog=rest'],
  size: (file: string) => sizes[file]!,
}

describe('route → chunks from the Vite manifest', () => {
  it('follows static imports transitively, each chunk once, and never dynamic ones', () => {
    expect([...staticClosure(manifest, 'src/app/routes/customer/bookings.tsx')].sort()).toEqual([
      '_cards.js',
      '_forms.js',
      '_react.js',
      '_session.js',
      'src/app/routes/customer/bookings.tsx',
    ])
    // _cards imports faq dynamically: not part of the closure
    expect(staticClosure(manifest, '_cards.js').has('src/app/routes/public/faq.tsx')).toBe(false)
  })

  it('the sign-in page (in the entry): entry closure + start-up catalog, with the entry CSS', () => {
    expect(firstLoadFiles(manifest, null, options.startup)).toEqual({
      js: ['assets/index.js', 'assets/messages-es.js', 'assets/react.js', 'assets/session.js'],
      css: ['assets/index.css'],
    })
  })

  it('a lazy route adds its chunk, its static imports and their CSS, and the rest of the catalog, without counting shared chunks twice', () => {
    expect(firstLoadFiles(manifest, 'src/app/routes/customer/bookings.tsx', options.startup, options.withLazyRoutes)).toEqual({
      js: [
        'assets/bookings.js',
        'assets/cards.js',
        'assets/forms.js',
        'assets/index.js',
        'assets/messages-es-rest.js',
        'assets/messages-es.js',
        'assets/react.js',
        'assets/session.js',
      ],
      css: ['assets/bookings.css', 'assets/forms.css', 'assets/index.css'],
    })
  })

  it('measures every route: sign-in first, then the lazy routes by name, with their paths', () => {
    const usages = measureRoutes(manifest, { ...options, paths: { login: ['/auth/login'], bookings: ['/'] } })
    expect(usages.map((u) => [u.route, u.paths, u.lazy, u.js, u.css])).toEqual([
      ['login', ['/auth/login'], false, 119_000, 3_000],
      ['bookings', ['/'], true, 143_500, 4_400],
      ['faq', [], true, 128_500, 3_000],
    ])
  })

  it('judges against budgets in kB, falling back to the new-route budget', () => {
    const usages = measureRoutes(manifest, options)
    const verdicts = judge(usages, {
      startup: [],
      withLazyRoutes: [],
      catalog: { startup: '', rest: '' },
      routes: { login: { js: 118, css: 5 }, bookings: { js: 145, css: 4 } },
      newRoute: { js: 200, css: 20 },
    })
    expect(verdicts.map((v) => [v.route, v.over, v.defaulted])).toEqual([
      ['login', ['js'], false],
      ['bookings', ['css'], false],
      ['faq', [], true],
    ])
  })

  it('a missing start-up chunk is an error, not a silent zero', () => {
    expect(() => firstLoadFiles(manifest, null, ['src/locales/fr/messages.po?catalog=startup'])).toThrow(/not in the manifest/)
  })

  it('suggests current size + 10 %, rounded up', () => {
    expect(suggestBudget(136_000)).toBe(150)
    expect(suggestBudget(4_400, 0.1, 1)).toBe(5)
  })
})

describe('the first bundle’s messages are in the startup part of the catalog', () => {
  const startup = catalogIds('var e=JSON.parse(`{"-neHxN":["Debes introducir una contraseña"],"B2-Mqm":[["name"],": inicio"]}`);export{e as messages};')
  const rest = catalogIds('var e=JSON.parse(`{"ZPhmQH":["Cargando los viajes…"],"zTyAII":["Ver la reserva"]}`);export{e as messages};')

  it('reads the ids a compiled catalog defines', () => {
    expect([...startup]).toEqual(['-neHxN', 'B2-Mqm'])
  })

  it('flags ids the first bundle uses that only the rest has, ignoring other id: strings', () => {
    const code = 'x._({id:`-neHxN`});y._({id:"zTyAII",values:{}});z({id:`portal`});w({id:\'ZPhmQH\'})'
    expect(misplacedMessageIds(code, startup, rest)).toEqual(['ZPhmQH', 'zTyAII'])
    expect(misplacedMessageIds('x._({id:`B2-Mqm`})', startup, rest)).toEqual([])
  })
})

describe('every route but sign-in is lazy', () => {
  const base = { routesDir: 'src/app/routes/' }

  it('passes when every lazy page is a chunk of its own', () => {
    expect(lazinessProblems(manifest, { ...base, lazyModules: ['bookings', 'faq'] })).toEqual([])
  })

  it('flags a lazy page that has no chunk of its own', () => {
    expect(lazinessProblems(manifest, { ...base, lazyModules: ['bookings', 'legal'] })).toEqual([
      'legal: lazy in the router but not a chunk of its own in the build (is it also imported statically somewhere?)',
    ])
  })

  it('flags a lazy page whose chunk the entry also loads up front', () => {
    const eager: Manifest = { ...manifest, 'index.html': { ...manifest['index.html']!, imports: ['_react.js', 'src/app/routes/public/faq.tsx'] } }
    expect(lazinessProblems(eager, { ...base, lazyModules: ['faq'] })).toEqual(['faq: its chunk is loaded up front by the entry'])
  })
})

describe('README bench table', () => {
  const readme = `# X\n\n## Benchmarks\n\n${BENCH_START}\n_Not measured yet._\n${BENCH_END}\n\nafter\n`
  const row = { id: 'bundle-budgets', what: 'JS per route', how: 'npm run budget', machine: '2 cores', result: 'a | b', date: '2026-01-02' }

  it('replaces the placeholder with a header and the row, leaving the rest alone', () => {
    const out = upsertBenchRowIn(readme, row)
    expect(out).toBe(
      `# X\n\n## Benchmarks\n\n${BENCH_START}\n| what | how | machine | result | date |\n|---|---|---|---|---|\n` +
        `| <!-- bench-id: bundle-budgets -->JS per route | npm run budget | 2 cores | a \\| b | 2026-01-02 |\n${BENCH_END}\n\nafter\n`,
    )
  })

  it('updates its own row in place and keeps other benchmarks’ rows', () => {
    let out = upsertBenchRowIn(readme, { ...row, id: 'crash', what: 'crash safety' })
    out = upsertBenchRowIn(out, row)
    out = upsertBenchRowIn(out, { ...row, result: '140 kB' })
    const rows = out.split('\n').filter((l) => l.includes('bench-id'))
    expect(rows).toHaveLength(2)
    expect(rows[0]).toContain('bench-id: crash')
    expect(rows[1]).toContain('| 140 kB |')
  })

  it('refuses a README without the markers', () => {
    expect(() => upsertBenchRowIn('# nothing', row)).toThrow(/bench:start/)
  })
})
