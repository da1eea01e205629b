import type { HttpHandler } from 'msw';
import type { Runtime } from '../runtime.ts';

// Being written: see the mock handler tasks.
export const documentationHandlers = (_rt: Runtime): HttpHandler[] => [];
