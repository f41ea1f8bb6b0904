import { createServer } from 'node:net'

/**
 * A TCP port free on the loopback interface right now: listened on (port 0), then closed. For a
 * child process or a daemon that takes its port as an argument (anvil, nginx, a kit instance).
 *
 * @example
 * const port = await freePort()
 * spawn('anvil', ['--port', String(port)])
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
