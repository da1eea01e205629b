// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react'
import { useSyncExternalStore } from 'react'
import { describe, expect, it } from 'vitest'
import { usePageRead } from '@/hooks/use-page-read'

// A read's answer arrives through useSyncExternalStore (TanStack Query's way), whose update React renders at once and
// whole. The page draws it deferred: the arrival's own render draws what was there, and the page with the answer
// comes in the render after, which React may slice.
const createStore = (initial: string) => {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    set(next: string) {
      value = next
      listeners.forEach((listener) => listener())
    },
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    get: () => value,
  }
}

describe('a page read', () => {
  it("is drawn in the render after its answer's arrival, which draws what was there", async () => {
    const store = createStore('skeleton')
    const drawn: string[] = []
    function Page() {
      const read = usePageRead(useSyncExternalStore(store.subscribe, store.get))
      drawn.push(read)
      return <p>{read}</p>
    }
    render(<Page />)
    expect(drawn).toEqual(['skeleton'])

    await act(async () => store.set('the trip'))
    expect(screen.getByText('the trip')).toBeTruthy()
    // the arrival's render drew the skeleton again; the trip came in a render of its own
    expect(drawn).toEqual(['skeleton', 'skeleton', 'the trip'])
  })

  it('is the answer itself when the page is first drawn with it', () => {
    const drawn: string[] = []
    function Page() {
      const read = usePageRead('already here')
      drawn.push(read)
      return <p>{read}</p>
    }
    render(<Page />)
    expect(drawn).toEqual(['already here'])
  })
})
