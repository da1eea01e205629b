// `npm run package`: the CLI, the engine, the mock and the contract as one installable npm package, in plain
// JavaScript, with no dependency to install (decision 024). esbuild bundles cli/package-bin.js and what it
// imports; each command's heavy modules stay in chunks of their own (loaded when the command runs), so
// `--help` does not load the mock. Leaves exactly one tarball in dist/package/ (what `npm pack` makes).
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { build, type Metafile } from 'esbuild'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const packageOutDir = path.join(repoRoot, 'dist', 'package')

type PackageJson = { name: string; license?: string }

const contractVersion = (): string => {
  const contract = JSON.parse(readFileSync(path.join(repoRoot, 'contract', 'openapi.json'), 'utf8')) as { info: { version: string } }
  return contract.info.version
}

/** The npm packages whose code went into the bundle, from esbuild's metafile: `node_modules/<name>/…`. */
function bundledPackages(metafile: Metafile): string[] {
  const names = new Set<string>()
  for (const input of Object.keys(metafile.inputs)) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)
    if (match?.[1]) names.add(match[1])
  }
  return [...names].sort()
}

/** Their licence texts, as the licences of bundled code ask: one file beside the bundle. */
function thirdPartyNotices(packages: readonly string[]): string {
  const sections = packages.map((name) => {
    const dir = path.join(repoRoot, 'node_modules', name)
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string; license?: string }
    const licenceFile = readdirSync(dir).find((file) => /^(licen[cs]e|copying)(\.|$)/i.test(file))
    const text = licenceFile ? readFileSync(path.join(dir, licenceFile), 'utf8').trim() : `(no licence file; package.json says ${pkg.license ?? 'nothing'})`
    return `## ${name} ${pkg.version} (${pkg.license ?? 'unknown'})\n\n${text}\n`
  })
  return `# Third-party code bundled in travel-portal\n\n${sections.join('\n')}`
}

/** Builds the package and packs it into `outDir` (emptied first); returns the tarball's path. */
export async function buildPackage(outDir: string = packageOutDir): Promise<string> {
  const stage = mkdtempSync(path.join(tmpdir(), 'travel-portal-package-'))
  try {
    const result = await build({
      entryPoints: { 'travel-portal': path.join(repoRoot, 'cli', 'package-bin.js') },
      outdir: stage,
      entryNames: 'bin/[name]',
      chunkNames: 'lib/[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node22.13',
      // Some bundled CommonJS calls require() for Node's own modules; ESM has none, so give it one.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      minifySyntax: true,
      minifyWhitespace: true,
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
    })
    mkdirSync(path.join(stage, 'contract'))
    for (const file of ['openapi.yaml', 'openapi.json']) copyFileSync(path.join(repoRoot, 'contract', file), path.join(stage, 'contract', file))
    copyFileSync(path.join(repoRoot, 'cli', 'README.md'), path.join(stage, 'README.md'))
    writeFileSync(path.join(stage, 'THIRD-PARTY-NOTICES.md'), thirdPartyNotices(bundledPackages(result.metafile)))

    // the CLI's own name (cli/package.json, the workspace `npm exec -- travel-portal` finds), the project's licence
    const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as PackageJson
    const cli = JSON.parse(readFileSync(path.join(repoRoot, 'cli', 'package.json'), 'utf8')) as PackageJson
    const manifest = {
      name: cli.name,
      version: contractVersion(),
      description:
        'Check a travel-portal customer API against its contract (smoke runs, a validating proxy, contract diff and coverage) and run the contract mock',
      type: 'module',
      bin: { 'travel-portal': 'bin/travel-portal.js' },
      engines: { node: '>=22.13' },
      license: root.license ?? 'UNLICENSED',
      files: ['bin', 'lib', 'contract', 'README.md', 'THIRD-PARTY-NOTICES.md'],
    }
    writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)

    rmSync(outDir, { recursive: true, force: true })
    mkdirSync(outDir, { recursive: true })
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
    ) as { filename: string }[]
    const tarball = path.join(outDir, packed[0]!.filename)
    if (!existsSync(tarball)) throw new Error(`npm pack did not leave ${tarball}`)
    return tarball
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tarball = await buildPackage()
  process.stdout.write(`${path.relative(process.cwd(), tarball)}\n`)
}
