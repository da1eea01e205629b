import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The production server compiled for Node (`npm run build` → web/dist-server/main.js): `npm run serve`
// starts it with plain node, so a host with `npm ci --omit=dev` (no tsx, no TypeScript) serves the portal.
// Packages stay imports (lru-cache and rou3 are dependencies); our own modules (web/server, the branding and route
// helpers, the contract's operation list) are bundled in. Outside web/dist: never served as a file.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: fileURLToPath(new URL('./main.ts', import.meta.url)),
    outDir: fileURLToPath(new URL('../dist-server', import.meta.url)),
    emptyOutDir: true,
    // whatever Node the host has from 20 on (the project's own Node 24 is a devDependency)
    target: 'node20',
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'main.js' } },
  },
})
