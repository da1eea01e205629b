import { afterEach } from 'vitest'

// waitFor and findBy give up after this: a deadline for a failure's report, not a claim on speed (their default, 1 s, is
// reached by a render on a busy host)
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react')
  configure({ asyncUtilTimeout: 5_000 })
}

// Without `globals: true` Testing Library cannot register its own cleanup.
afterEach(async () => {
  if (typeof document === 'undefined') return
  const { cleanup } = await import('@testing-library/react')
  cleanup()
  const { toastStore } = await import('@/lib/browser/toast')
  toastStore.clear()
  document.cookie.split(';').forEach((pair) => {
    const name = pair.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
  })
})
