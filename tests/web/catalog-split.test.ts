import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { splitMessages, staticModuleGraph } from '../../web/catalog-split.ts'

describe('catalog split (web/catalog-split.ts)', () => {
  it('follows static imports from the entry (aliases, relative paths, index files), not import() or type-only imports', () => {
    const src = mkdtempSync(join(tmpdir(), 'catalog-split-'))
    const write = (path: string, text: string) => {
      mkdirSync(join(src, path, '..'), { recursive: true })
      writeFileSync(join(src, path), text)
    }
    write(
      'main.tsx',
      "import './styles/base.css'\nimport { App } from '@/app/app'\nimport type { T } from '@/lib/types'\nconst lazy = () => import('@/pages/checkout')\n",
    )
    write(
      'app/app.tsx',
      "import { Button } from '../components/button'\nexport { useThing } from '@/lib'\nimport { messages } from '@/locales/es/messages.po'\n",
    )
    write('components/button.tsx', 'export const Button = 1\n')
    write('lib/index.ts', "import { z } from 'zod'\nexport const useThing = 1\n")
    write('lib/types.ts', 'export type T = 1\n')
    write('pages/checkout.tsx', "import { Button } from '@/components/controls/button'\n")
    write('styles/base.css', '')
    const graph = [...staticModuleGraph(join(src, 'main.tsx'), src)].map((file) => relative(src, file)).sort()
    expect(graph).toEqual(['app/app.tsx', 'components/button.tsx', 'lib/index.ts', 'main.tsx'])
  })

  it('puts a message in the startup part when any of its origins is in the first bundle', () => {
    const messages = { a: 'Entrar', b: 'Reservar plaza', c: 'Cargando…', d: 'sin origen' }
    const origins = {
      a: { origin: [['src/features/auth/login-page.tsx', 12] as [string, number]] },
      b: { origin: [['src/features/checkout/steps/pack-step.tsx'] as [string]] },
      c: { origin: [['src/features/checkout/steps/pack-step.tsx'], ['src/components/status/spinner.tsx']] as [string][] },
    }
    const startup = new Set(['src/features/auth/login-page.tsx', 'src/components/status/spinner.tsx'])
    expect(splitMessages(messages, origins, startup)).toEqual({ startup: { a: 'Entrar', c: 'Cargando…' }, rest: { b: 'Reservar plaza', d: 'sin origen' } })
  })
})
