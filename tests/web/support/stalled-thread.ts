// The tests' thread stopped for STALL_MS out of every STALL_EVERY_MS, by a timer of its own, while the wall clock runs
// on: what a test meets on a host whose cores are busy elsewhere (four busy processes on two cores stopped one for
// 771 ms). Timers that fall due meanwhile all run at once after the stall, in the order they were due: a test that
// looks for "not yet" after a real timer of the code's own has started, or bounds a wait by time, sees it fail here.
const STALL_MS = 150
const STALL_EVERY_MS = 300

// the real timer, captured before any test runs: a test's fake timers replace the globals
const realSetInterval = globalThis.setInterval

// The thread sleeps (Atomics.wait blocks it without spinning), as a thread the scheduler gave someone else's work: the
// core stays free for the other workers, so the stage runs more workers than cores (vitest.stalled.config.ts). A
// spinning stall kept both cores busy for nothing: 160 s for this stage against 43 s unstalled, on 2 cores.
const sleeper = new Int32Array(new SharedArrayBuffer(4))
const stall = () => {
  Atomics.wait(sleeper, 0, 0, STALL_MS)
}
// unref'd: it never keeps a worker alive
realSetInterval(stall, STALL_EVERY_MS - STALL_MS).unref?.()
