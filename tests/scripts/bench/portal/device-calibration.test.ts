import { describe, expect, it } from 'vitest'

import {
  benchmarkExpression,
  calibrate,
  deviceLabel,
  hostCpu,
  isDevice,
  readCpuTimes,
  readHostIndexes,
  stealShare,
} from '../../../../scripts/bench/portal/device-calibration.ts'

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

describe('the host a figure was measured on', () => {
  const epyc = [
    'processor\t: 0',
    'vendor_id\t: AuthenticAMD',
    'cpu family\t: 25',
    'model\t\t: 17',
    'model name\t: AMD EPYC',
    '',
    'processor\t: 1',
    'cpu family\t: 25',
    'model\t\t: 17',
    'model name\t: AMD EPYC',
    '',
  ].join('\n')

  it('names its CPU as Linux does: model, family and model numbers, and its cores', () => {
    expect(hostCpu(epyc)).toBe('AMD EPYC (family 25, model 17), 2 cores')
    expect(hostCpu('processor\t: 0\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n')).toBe('Intel(R) Xeon(R) CPU @ 2.20GHz, 1 core')
    expect([hostCpu(null), hostCpu('processor : 0\n')]).toEqual([null, null])
    expect(deviceLabel(calibrate([2600, 2400, 2500], 'low'), [], hostCpu(epyc))).toBe(
      "a low-tier phone (benchmark index 264: Chrome DevTools' low-tier mobile), emulated on a host (AMD EPYC (family 25, model 17), 2 cores) of benchmark index 2500 (2400–2600) by a 9.47× CPU slowdown",
    )
  })

  it('reads the share of the cores the hypervisor gave other guests between two readings (steal)', () => {
    // user nice system idle iowait irq softirq steal guest guest_nice
    const before = readCpuTimes('cpu  6929 0 4289 25430 1795 0 94 96 0 0\ncpu0 3189 0 1820 14205 68 0 17 41 0 0\n')
    const after = readCpuTimes('cpu  7929 0 4489 25630 1795 0 94 196 0 0\ncpu0 3189 0 1820 14205 68 0 17 41 0 0\n')
    expect(before).toEqual({ total: 38633, steal: 96 })
    expect(stealShare(before, after)).toBeCloseTo(100 / 1500)
    // a hypervisor that reports none; no /proc/stat; nothing elapsed
    expect(stealShare(before, readCpuTimes('cpu  7929 0 4489 25730 1795 0 94 96 0 0'))).toBe(0)
    expect([readCpuTimes(null), readCpuTimes('intr 1 2 3'), stealShare(null, after), stealShare(after, after)]).toEqual([null, null, null, null])
  })
})
