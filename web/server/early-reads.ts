// The API reads a page makes first, started by a small script in its HTML, before the app's code has
// arrived: on a phone the app's code takes a second or more to download and start, and only then did
// the page ask for its data, a round trip later. The app's one client (web/src/lib/api/client.ts,
// with web/src/lib/api/early-reads.ts) takes an answer from here when its request is exactly the one
// started (same address, token, agency, language), once and within seconds; otherwise it asks itself.
// The token never reaches the HTML: the script reads it in the browser, as the app does.
import { inlineJson } from '../src/lib/branding.ts'
import { matchRoute, type RouteEntry, routeParams } from '../route-table.ts'

type PageReads = {
  /** the page is for signed-in customers only: nothing is asked for without a token */
  signedIn: boolean
  /** API paths (after the API's base) from the route's parameters */
  paths: (params: Record<string, string>) => string[]
}

/**
 * What each page asks for first: web/src/app/route-prefetch.ts's reads (tests/unit/early-reads.test.ts
 * checks the two agree). Pages not named here start nothing early.
 */
const PAGE_READS: Record<string, PageReads> = {
  '': { signedIn: true, paths: () => ['/booking'] },
  'booking/:id': { signedIn: true, paths: ({ id }) => [`/booking/${id}`, `/booking/${id}/travel-group`] },
  'travelgroup/:id': {
    signedIn: false,
    paths: ({ id }) => [`/travelgroup/${id}`, `/travelgroup/${id}/pack-seats`, `/travelgroup/${id}/extras`, `/travelgroup/${id}/payment-terms`],
  },
  'travelgroup/:id/checkout': {
    signedIn: true,
    paths: ({ id }) => [
      `/travelgroup/${id}`,
      `/travelgroup/${id}/extras`,
      `/travelgroup/${id}/payment-terms`,
      `/travelgroup/${id}/payment-methods`,
      `/travelgroup/${id}/pack-seats`,
      `/travelgroup/${id}/booking`,
    ],
  },
}

/** Read by the header's account menu on every page a signed-in customer sees (web/src/features/auth/user-menu.tsx). */
const SIGNED_IN_READS = ['/auth/profile']

export type EarlyReads = {
  /** started in any case (public pages) */
  always: string[]
  /** started only when the browser holds a session */
  withToken: string[]
}

/** What the page at `pathname` reads first, or null when nothing is worth starting early. */
export const earlyReads = (pathname: string, routes: RouteEntry[]): EarlyReads | null => {
  const route = matchRoute(pathname, routes)
  const page = route ? PAGE_READS[route.path] : undefined
  if (!route || !page) return null
  const params = routeParams(route.path, pathname)
  if (!params || Object.values(params).some((value) => value === '' || value.includes('/'))) return null
  const paths = page.paths(params)
  return page.signedIn ? { always: [], withToken: [...paths, ...SIGNED_IN_READS] } : { always: paths, withToken: SIGNED_IN_READS }
}

/**
 * The inline script: reads the session token and the language as the app does
 * (web/src/lib/api/request-context.ts, web/src/lib/i18n.ts), starts the reads with the headers the
 * app's client sends, and leaves them in `window.__EARLY_READS__` for it.
 */
export const earlyReadsScript = (reads: EarlyReads, agencyId: string, apiBase: string, nonce: string): string => {
  const data = inlineJson({ always: reads.always, withToken: reads.withToken, agency: agencyId, base: apiBase.replace(/\/$/, '') })
  return `<script nonce="${nonce}">(function(d){try{
var token=null,lang=null,m,i,s;
try{s=localStorage.getItem('auth._token.local');if(s){s=JSON.parse(s);if(s&&s.expiresAt>Date.now())token=s.token}}catch(e){}
if(!token){m=/(?:^|; )auth\\._token\\.local=([^;]*)/.exec(document.cookie);if(m)token=decodeURIComponent(m[1])}
for(var c=document.cookie.split(';'),k=0;k<c.length&&!lang;k++){var p=c[k].split('=');if(p[0].trim()==='lang'){try{var v=decodeURIComponent(p.slice(1).join('=').trim()).toLowerCase();if(v==='es'||v==='en')lang=v}catch(e){}}}
var langs=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];
for(i=0;i<langs.length&&!lang;i++){var t=String(langs[i]||'').split('-')[0].toLowerCase();if(t==='es'||t==='en')lang=t}
lang=lang||'es';
var paths=token?d.always.concat(d.withToken):d.always;if(!paths.length)return;
var h={'agencyId':d.agency,'Accept-Language':lang};if(token)h.Authorization='Bearer '+token;
var reads={};for(i=0;i<paths.length;i++){var u=d.base+paths[i],f=fetch(u,{headers:h,credentials:'same-origin'});f.catch(function(){});reads[u]=f}
window.__EARLY_READS__={key:(token||'')+'|'+d.agency+'|'+lang,at:Date.now(),reads:reads};
}catch(e){}})(${data});</script>`
}
