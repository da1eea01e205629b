import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { webAliases, webPlugins } from './vite.config.ts'

// The page's frame for the production server (web/src/app/shell/render-shell.tsx), compiled for Node with the
// app's own plugins (Lingui's macros and catalogs, React): `npm run build` → web/dist-shell/render-shell.js.
// React, React Router and Lingui stay imports (dependencies); the app's modules are bundled in. Outside
// web/dist: never served as a file.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: webPlugins(),
  resolve: { alias: webAliases },
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: fileURLToPath(new URL('./src/app/shell/render-shell.tsx', import.meta.url)),
    outDir: fileURLToPath(new URL('./dist-shell', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'render-shell.js' } },
  },
})
