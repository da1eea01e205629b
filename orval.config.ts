import { defineConfig } from 'orval'

// Generated code is never edited by hand: `npm run generate` rewrites it from the contract,
// and `npm run generate:check` (part of `npm test`) fails when it drifts.
export default defineConfig({
  portal: {
    input: { target: './contract/openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: './web/src/lib/api/generated/endpoints',
      // the contract owns its types: web, mock, cli and the server import them from contract/generated/model
      schemas: './contract/generated/model',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      override: {
        mutator: { path: './web/src/lib/api/client.ts', name: 'apiFetch' },
        fetch: { includeHttpResponseReturnType: false },
        query: { version: 5, signal: true },
      },
    },
  },
  // zod schemas of every request and response, for the mock, the CLI and tests
  contractZod: {
    input: { target: './contract/openapi.yaml' },
    output: {
      mode: 'single',
      client: 'zod',
      target: './contract/generated/zod.ts',
      // one file, rewritten each time; cleaning would empty contract/generated, the models' folder included
      clean: false,
    },
  },
})
