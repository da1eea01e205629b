// The phones the browser benches emulate, whatever machine runs them. Lighthouse's CPU slowdown is relative to
// the host: its 4× means a high-end desktop (benchmark index 1,500–2,000) made into a mid-tier phone (about 440).
// So the benches measure the host's index with Lighthouse's own benchmark first, and slow the CPU by
// host ÷ device: every machine then emulates the same two phones. A host slower than the phone cannot emulate
// it (a multiplier below 1) and says so, rather than report a faster phone.
import { readFileSync } from 'node:fs'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { median } from '../bench-lib.ts'

export type Device = 'mid' | 'low'

export const DEVICES: Record<Device, { index: number; name: string }> = {
  mid: { index: 440, name: "a mid-tier phone (benchmark index 440: what Lighthouse's 4× on a high-end desktop means)" },
  low: { index: 264, name: "a low-tier phone (benchmark index 264: Chrome DevTools' low-tier mobile)" },
}

export const isDevice = (value: string): value is Device => Object.hasOwn(DEVICES, value)

/** An expression that runs Lighthouse's benchmark in a page and gives its index of this host's CPU. */
export const benchmarkExpression = `(${pageFunctions.computeBenchmarkIndex.toString()})()`

export type Calibration = { device: Device; deviceIndex: number; hostIndex: number; hostRange: [number, number]; multiplier: number }

/**
 * The CPU slowdown that makes this host the device: host index ÷ device index (the median of the host's readings:
 * one reading taken at a busy moment reads slow, one at a quiet moment fast), to two decimals. The benches read
 * the host again before every run, since a shared machine's speed drifts by a third within minutes. Throws when
 * the host is slower than the device.
 */
export function calibrate(hostIndexes: readonly number[], device: Device): Calibration {
  if (hostIndexes.length === 0) throw new Error('no benchmark index was measured')
  const sorted = [...hostIndexes].sort((a, b) => a - b)
  const hostIndex = Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!)
  const deviceIndex = DEVICES[device].index
  const multiplier = Math.round((hostIndex / deviceIndex) * 100) / 100
  if (multiplier < 1) {
    throw new Error(
      `this machine (benchmark index ${hostIndex}) is slower than ${DEVICES[device].name}: it cannot emulate it (a CPU slowdown of ${multiplier}×, below 1). Run on a faster machine, or ask for a slower device.`,
    )
  }
  return { device, deviceIndex, hostIndex, hostRange: [Math.round(sorted[0]!), Math.round(sorted.at(-1)!)], multiplier }
}

/**
 * What a bench runs a page in: `evaluate` runs an expression in a blank page of the browser that runs the pages, and
 * says what share of the clock the page's main thread had meanwhile (cdp-client.ts).
 */
export type EvaluateInBrowser = (expression: string) => Promise<{ value: unknown; threadShare: number }>

/**
 * One reading of the host: Lighthouse's index (its benchmark timed on the clock, as Lighthouse reads it, for the slowdown
 * Lighthouse applies) and the same on the thread's CPU time (the clock's reading ÷ the share the thread had). A busy host
 * takes the thread's core away now and then: the first moves with that, the second with the core's own speed only, as
 * do the CPU times of the page's tasks it is set against (main-thread-share.ts; decision 044's fifth amendment).
 */
export type HostReading = { index: number; cpuIndex: number }

/** `count` readings of the host, one after the other, in the browser that runs the pages. */
export async function readHostIndexes(evaluate: EvaluateInBrowser, count: number): Promise<HostReading[]> {
  const readings: HostReading[] = []
  for (let i = 0; i < count; i += 1) {
    const { value, threadShare } = await evaluate(benchmarkExpression)
    const index = Number(value)
    readings.push({ index, cpuIndex: threadShare > 0 ? Math.round(index / threadShare) : index })
  }
  return readings
}

/**
 * The host's CPU as Linux names it: model, family and model numbers, and how many cores the machine has. The figures
 * from CPU time depend on it beyond its index: the index is a JavaScript string-and-array benchmark, and it rated an
 * AMD EPYC 2.0–2.4× an Intel Xeon while the pages' longest task took about the same CPU on both (decision 044's sixth
 * and seventh amendments). Null where there is no /proc/cpuinfo.
 */
export function hostCpu(cpuinfo: string | null = readOrNull('/proc/cpuinfo')): string | null {
  if (!cpuinfo) return null
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.+)$`, 'm').exec(cpuinfo)?.[1]?.trim()
  const model = field('model name')
  if (!model) return null
  const cores = cpuinfo.match(/^processor\s*:/gm)?.length ?? 0
  const numbers = [field('cpu family') && `family ${field('cpu family')}`, field('model') && `model ${field('model')}`].filter(Boolean)
  return `${model}${numbers.length ? ` (${numbers.join(', ')})` : ''}, ${cores} ${cores === 1 ? 'core' : 'cores'}`
}

const readOrNull = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** The machine's CPU time so far, all cores (Linux's /proc/stat, in its ticks): in all, and what the hypervisor took for other guests (steal). */
export type CpuTimes = { total: number; steal: number }

export function readCpuTimes(stat: string | null = readOrNull('/proc/stat')): CpuTimes | null {
  const fields = stat
    ?.match(/^cpu\s+(.+)$/m)?.[1]
    ?.trim()
    .split(/\s+/)
    .map(Number)
  if (!fields || fields.length < 8 || fields.some((n) => !Number.isFinite(n))) return null
  // user nice system idle iowait irq softirq steal [guest guest_nice, already inside user and nice]
  return { total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0), steal: fields[7]! }
}

/**
 * The share of the cores the hypervisor gave other guests between two readings (0–1), null without both. Linux takes
 * it out of each thread's CPU time where the hypervisor reports it (a kernel built with PARAVIRT_TIME_ACCOUNTING, as
 * this one is): a run's steal then leaves the CPU-time figures alone. A hypervisor that reports none leaves it in them.
 */
export const stealShare = (before: CpuTimes | null, after: CpuTimes | null): number | null =>
  before && after && after.total > before.total ? (after.steal - before.steal) / (after.total - before.total) : null

/**
 * How a benchmarks row names the device and the host it was emulated on, and the slowdown: the calibration's own, or
 * when the bench set one before each run (a shared machine's speed drifts by a third within minutes), their median
 * and range. The host's CPU, when known, is named with its index.
 */
export const deviceLabel = (calibration: Calibration, runMultipliers: readonly number[] = [], cpu: string | null = null) =>
  `${DEVICES[calibration.device].name}, emulated on a host${cpu ? ` (${cpu})` : ''} of benchmark index ${calibration.hostIndex} (${calibration.hostRange.join('–')}) by ${
    runMultipliers.length === 0
      ? `a ${calibration.multiplier}× CPU slowdown`
      : `a CPU slowdown set before each run from the host's index read just then: ${Math.round(median([...runMultipliers]) * 100) / 100}× (${Math.min(...runMultipliers)}–${Math.max(...runMultipliers)}×)`
  }`
