// .po catalogs are compiled by @lingui/vite-plugin when imported.
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

// One part of a catalog (web/catalog-split.ts): the first bundle's messages, or all the others.
declare module '*.po?catalog=startup' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
declare module '*.po?catalog=rest' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

// Each route module's part of each language's catalog (web/catalog-split.ts): routeCatalogs.es.faq().
declare module 'virtual:route-catalogs' {
  import type { Messages } from '@lingui/core'
  export const routeCatalogs: Record<string, Record<string, (() => Promise<{ messages: Messages }>) | undefined> | undefined>
}
