import type { HttpHandler } from 'msw'

import { createControlHandlers } from '../control/control.ts'
import { type Api, createApi } from '../handlers/index.ts'
import { createProviderHandlers } from '../provider/provider.ts'
import type { Runtime } from '../runtime/runtime.ts'

/**
 * Everything the mock answers, in one list for the three ways it runs (node:http server, msw/node,
 * the service worker). Their paths never overlap, so the order only decides how many handlers MSW
 * tries first: the API (nearly every request) leads.
 */
export const createMockHandlers = (rt: Runtime, options: { control?: boolean; api?: Api } = {}): HttpHandler[] => [
  (options.api ?? createApi(rt)).handler,
  // Without the control API (a demo others can reach) /__mock does not exist: every call is a 404.
  ...(options.control === false ? [] : createControlHandlers(rt)),
  ...createProviderHandlers(rt),
]
