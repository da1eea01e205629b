import { describe, expect, it } from 'vitest'
import { errorLeakScan, errorLeaks } from '../../../contract/engine/error-leaks.ts'

// An error answer that shows the backend's insides: a stack trace, file paths, SQL, an exception class.

describe('error answers that show the insides', () => {
  it.each([
    [
      'Node',
      '{"code":"internal_error","message":"TypeError: Cannot read properties of undefined (reading \'id\')\\n    at getBooking (/srv/portal/src/booking.js:42:17)"}',
      ['stack trace', 'file path', 'exception class'],
    ],
    ['Java', 'java.lang.NullPointerException\n\tat com.acme.booking.BookingService.find(BookingService.java:88)', ['stack trace', 'exception class']],
    [
      'Python',
      'Traceback (most recent call last):\n  File "/app/api/views.py", line 12, in get\nKeyError: \'id\'',
      ['stack trace', 'file path', 'exception class'],
    ],
    [
      '.NET',
      'System.InvalidOperationException: Sequence contains no elements\n   at Acme.Api.BookingsController.Get(String id) in C:\\src\\Api\\BookingsController.cs:line 42',
      ['stack trace', 'file path', 'exception class'],
    ],
    ['SQL', '{"code":"bad_request","message":"SQLSTATE[42000]: syntax error at or near \\"WHERE\\" in SELECT id, locator FROM bookings WHERE"}', ['SQL']],
    ['PHP', 'PDOException: SQLSTATE[23000] Stack trace: #0 /var/www/html/index.php(12)', ['stack trace', 'file path', 'SQL', 'exception class']],
  ])('%s', (_name, body, kinds) => {
    expect(
      errorLeaks(body)
        .map((leak) => leak.what)
        .sort(),
    ).toEqual([...kinds].sort())
  })

  it("the contract's own error texts are not leaks", () => {
    for (const body of [
      '{"code":"not_found","message":"Not found."}',
      '{"code":"validation_error","message":"Invalid request.","errors":[{"field":"email","code":"format","message":"Email incorrecto"}]}',
      '{"code":"dni_wrong_format","message":"El DNI solo puede contener números y letras."}',
      '<html><body><h1>500 Internal Server Error</h1></body></html>',
      '{"code":"bad_request","message":"Select a pack from the list."}',
    ])
      expect(errorLeaks(body), body).toEqual([])
  })
})

describe('the scan of every error answer', () => {
  const answer = (status: number, text: string) => ({
    operation: undefined,
    request: { method: 'GET', url: 'http://x/a', headers: {} },
    status,
    headers: new Headers(),
    body: new TextEncoder().encode(text),
    json: undefined,
    media: undefined,
  })

  it('finds them in an error answer only, as one finding naming each', () => {
    const trace = 'TypeError: x is undefined\n    at handler (/srv/app/src/routes/booking.js:42:7)'
    const [finding] = errorLeakScan.scan(answer(500, trace))
    expect(errorLeakScan.kind).toBe('error-leak')
    expect(finding!.actual).toMatch(/stack trace: .*; .*/)
    expect(errorLeakScan.scan(answer(200, trace))).toEqual([])
    expect(errorLeakScan.scan(answer(404, '{"code":"not_found","message":"No such booking."}'))).toEqual([])
  })
})
