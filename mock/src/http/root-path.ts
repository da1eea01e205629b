/**
 * The start of an MSW pattern for a path at the root of any origin: `${AT_ROOT}/__mock/health` matches
 * http://127.0.0.1:3333/__mock/health and never /api/customer/__mock/health. MSW's bare `*` would also
 * swallow any path before it, which put the control API and the card provider under the customer API
 * (and so behind the portal's own proxy).
 */
export const AT_ROOT = '*://:host'
