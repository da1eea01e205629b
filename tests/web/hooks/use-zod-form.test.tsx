// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useZodForm } from '@/hooks/use-zod-form'
import { z } from '@/lib/forms/zod'

const schema = z.object({ number: z.string(), expiry_date: z.string() })
type Saved = { number: string; expiry_date: string }

describe('useZodForm over what the server holds (values)', () => {
  it('follows a fresher copy of the server data, and keeps what the traveller typed', () => {
    // the page starts from the copy kept offline (no expiry date yet), then a fresh read brings the saved one
    const { result, rerender } = renderHook(({ saved }: { saved: Saved }) => useZodForm(schema, { values: saved }), {
      initialProps: { saved: { number: '12345678Z', expiry_date: '' } },
    })
    expect(result.current.getValues()).toEqual({ number: '12345678Z', expiry_date: '' })

    rerender({ saved: { number: '12345678Z', expiry_date: '2031-05-01' } })
    expect(result.current.getValues()).toEqual({ number: '12345678Z', expiry_date: '2031-05-01' })

    // the traveller corrects the number; another fresh copy changes both fields
    act(() => result.current.setValue('number', '87654321X', { shouldDirty: true }))
    rerender({ saved: { number: '00000000T', expiry_date: '2032-01-01' } })
    expect(result.current.getValues()).toEqual({ number: '87654321X', expiry_date: '2032-01-01' })
  })

  it('the same with lists (rooming, guardians): a chosen entry kept, the others follow the fresher copy', () => {
    const rooms = z.object({ rooms: z.array(z.object({ memberId: z.string(), roomId: z.string() })) })
    type Rooms = z.infer<typeof rooms>
    const { result, rerender } = renderHook(({ saved }: { saved: Rooms }) => useZodForm(rooms, { values: saved }), {
      initialProps: {
        saved: {
          rooms: [
            { memberId: 'm-1', roomId: '' },
            { memberId: 'm-2', roomId: '' },
          ],
        },
      },
    })
    act(() => result.current.setValue('rooms.0.roomId', 'r-a', { shouldDirty: true }))
    // another traveller's change, read again: m-2 is now in r-b; what was chosen for m-1 stays
    rerender({
      saved: {
        rooms: [
          { memberId: 'm-1', roomId: 'r-c' },
          { memberId: 'm-2', roomId: 'r-b' },
        ],
      },
    })
    expect(result.current.getValues()).toEqual({
      rooms: [
        { memberId: 'm-1', roomId: 'r-a' },
        { memberId: 'm-2', roomId: 'r-b' },
      ],
    })
  })
})
