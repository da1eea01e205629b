// What ESLint's import zones cannot see (`npm run lint:deps`): cycles through type-only imports
// (import-x's no-cycle skips them), and which modules of the portal the production server may import,
// marked by their name (*.universal.ts: safe in Node and in the browser), decision 021; and folder cycles in the
// mock, the CLI and the engine (decision 042).
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No module depends on itself through others, type-only imports included: split out what both sides need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'No folder of the mock, the CLI or the engine imports a folder that imports it (decision 042): each is a room below the rooms that use it. Move what both need down a room.',
      scope: 'folder',
      from: { path: '^(mock/src|cli/src|contract/engine)/' },
      to: { circular: true, path: '^(mock/src|cli/src|contract/engine)/' },
    },
    {
      name: 'server-imports-universal-only',
      severity: 'error',
      comment: "The portal's server imports from web/src only modules marked .universal.ts (safe in Node and the browser).",
      from: { path: '^web/server/' },
      to: { path: '^web/src/', pathNot: '\\.universal\\.ts$' },
    },
    {
      name: 'universal-imports-universal-only',
      severity: 'error',
      comment: 'A .universal.ts module imports from web/src only other .universal.ts modules and the generated API code.',
      from: { path: '^web/src/.+\\.universal\\.ts$' },
      to: { path: '^web/src/', pathNot: ['\\.universal\\.ts$', '^web/src/lib/api/generated/'] },
    },
  ],
  options: {
    // type-only imports are dependencies too: a cycle through them is still a cycle
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^web/dist', '^node_modules', '^contract/generated/', '^web/src/lib/api/generated/'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
}
