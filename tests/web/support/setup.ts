import { afterEach } from 'vitest'

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
