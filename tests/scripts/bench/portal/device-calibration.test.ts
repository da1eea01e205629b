import { describe, expect, it } from 'vitest'

import { benchmarkExpression, calibrate, deviceLabel, isDevice, readHostIndexes } from '../../../../scripts/bench/portal/device-calibration.ts'

// The phones the browser benches emulate: the CPU slowdown is the host's benchmark index over the device's.

describe('device calibration', () => {
  it('slows a fast host more than a slow one, so both emulate the same phone', () => {
    expect(calibrate([3565], 'mid')).toMatchObject({ hostIndex: 3565, deviceIndex: 440, multiplier: 8.1 })
    expect(calibrate([1100], 'mid').multiplier).toBe(2.5)
    expect(calibrate([1100], 'low')).toMatchObject({ deviceIndex: 264, multiplier: 4.17 })
  })

  it("takes the median of the host's readings, and names their range", () => {
    expect(calibrate([1700, 900, 1320], 'mid')).toMatchObject({ hostIndex: 1320, hostRange: [900, 1700], multiplier: 3 })
    expect(deviceLabel(calibrate([1700, 900, 1320], 'low'))).toBe(
      "a low-tier phone (benchmark index 264: Chrome DevTools' low-tier mobile), emulated on a host of benchmark index 1320 (900–1700) by a 5× CPU slowdown",
    )
  })

  it('refuses a host slower than the phone asked for, rather than report a faster phone', () => {
    expect(() => calibrate([400], 'mid')).toThrow(/benchmark index 400\) is slower than a mid-tier phone .*0\.91×, below 1/)
    expect(calibrate([400], 'low').multiplier).toBe(1.52)
    expect(() => calibrate([], 'low')).toThrow(/no benchmark index/)
  })

  it("names the devices it knows, and carries Lighthouse's own benchmark to run in a page", () => {
    expect([isDevice('mid'), isDevice('low'), isDevice('__proto__'), isDevice('high')]).toEqual([true, true, false, false])
    const index = new Function(`return ${benchmarkExpression}`)() as number
    expect(index).toBeGreaterThan(10)
  })

  it("names the slowdowns set run by run: their median and range, instead of the calibration's own", () => {
    const calibration = calibrate([2600, 2400, 2500], 'low')
    expect(deviceLabel(calibration, [9.63, 10.75, 8.23])).toBe(
      "a low-tier phone (benchmark index 264: Chrome DevTools' low-tier mobile), emulated on a host of benchmark index 2500 (2400–2600) by a CPU slowdown set before each run from the host's index read just then: 9.63× (8.23–10.75×)",
    )
    expect(deviceLabel(calibration, [])).toMatch(/by a 9\.47× CPU slowdown$/)
  })

  it('reads the host as many times as asked, in the browser it is given: on the clock, and on the thread’s CPU time', async () => {
    const asked: string[] = []
    // the thread had its whole core, then half of it (a busy host), then 80 %
    const readings = [
      { value: 2400, threadShare: 1 },
      { value: 1325, threadShare: 0.5 },
      { value: 2040, threadShare: 0.8 },
    ]
    expect(await readHostIndexes(async (expression) => (asked.push(expression), readings[asked.length - 1]!), 3)).toEqual([
      { index: 2400, cpuIndex: 2400 },
      { index: 1325, cpuIndex: 2650 },
      { index: 2040, cpuIndex: 2550 },
    ])
    expect(asked).toEqual([benchmarkExpression, benchmarkExpression, benchmarkExpression])
    // no share read (a browser without the counters): the clock's index
    expect(await readHostIndexes(async () => ({ value: 2000, threadShare: Number.NaN }), 1)).toEqual([{ index: 2000, cpuIndex: 2000 }])
  })
})
