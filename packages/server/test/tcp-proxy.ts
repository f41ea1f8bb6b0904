// Test support (the package's test folder, never published).
import { connect, createServer, type Socket } from 'node:net'

/**
 * How a cut proxy treats connections: `refuse` closes every new one at once (a database that
 * went away); `blackhole` accepts them and never answers (a network that drops packets), so a
 * client waits until its own timeout.
 */
export type CutMode = 'refuse' | 'blackhole'

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (Postgres, Redis) that a test cuts and
 * restores: `cut()` destroys every open connection (both ends, mid-query included) and treats
 * new ones per `CutMode`; `restore()` forwards again. Only the proxy's own connections are
 * touched: the server and its other clients never notice.
 */
export type TcpProxy = {
  /** `127.0.0.1:<port>` to put in a connection URL in place of the server's. */
  host: string
  port: number
  /** `url` with its host and port replaced by the proxy's. */
  rewrite(url: string): string
  cut(mode?: CutMode): void
  restore(): void
  readonly state: 'open' | CutMode
  /** Connections the proxy forwarded, and connections a cut destroyed. */
  readonly counts: { forwarded: number; destroyed: number; refused: number }
  stop(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: TcpProxy['state'] = 'open'
  const pairs = new Set<[Socket, Socket]>()
  const held = new Set<Socket>()
  const counts = { forwarded: 0, destroyed: 0, refused: 0 }

  const server = createServer((client) => {
    client.on('error', () => {})
    if (state === 'refuse') {
      counts.refused++
      client.destroy()
      return
    }
    if (state === 'blackhole') {
      counts.refused++
      held.add(client)
      client.once('close', () => held.delete(client))
      return
    }
    counts.forwarded++
    const upstream = connect(target.port, target.host)
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    const drop = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.once('close', drop)
    upstream.once('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  const proxy: TcpProxy = {
    host: '127.0.0.1',
    port,
    rewrite(url) {
      const parsed = new URL(url)
      parsed.hostname = '127.0.0.1'
      parsed.port = String(port)
      return parsed.toString()
    },
    cut(mode = 'refuse') {
      state = mode
      for (const [client, upstream] of [...pairs]) {
        counts.destroyed++
        client.destroy()
        upstream.destroy()
      }
      pairs.clear()
    },
    restore() {
      state = 'open'
      // Held connections never reached the server: their clients see them fail now.
      for (const socket of held) socket.destroy()
      held.clear()
    },
    get state() {
      return state
    },
    counts,
    async stop() {
      proxy.cut('refuse')
      for (const socket of held) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return proxy
}
