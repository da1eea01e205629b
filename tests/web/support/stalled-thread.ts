// The tests' thread stopped for STALL_MS out of every STALL_EVERY_MS, by a timer of its own, while the wall clock runs
// on: what a test meets on a host whose cores are busy elsewhere (four busy processes on two cores stopped one for
// 771 ms). Timers that fall due meanwhile all run at once after the stall, in the order they were due: a test that
// looks for "not yet" after a real timer of the code's own has started, or bounds a wait by time, sees it fail here.
const STALL_MS = 150
const STALL_EVERY_MS = 300

// the real clock and timer, captured before any test runs: a test's fake timers replace the globals (a stall read on a
// faked clock would never end)
const realNow = performance.now.bind(performance)
const realSetInterval = globalThis.setInterval

const stall = () => {
  const until = realNow() + STALL_MS
  while (realNow() < until) {
    // the thread is someone else's
  }
}
// unref'd: it never keeps a worker alive
realSetInterval(stall, STALL_EVERY_MS - STALL_MS).unref?.()
