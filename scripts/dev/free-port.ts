import { createServer } from 'node:net'

/** A loopback port nothing listens on right now: the benchmarks, and the test suites, start their servers and proxies on one. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
