// 4. Live-status fan-out: N concurrent SSE subscribers of one order on one kit instance; time from
// the signed webhook POST to each subscriber seeing "settled", and memory per subscriber. The
// baseline is a bare node:http server writing the same event to N held responses.
import { createHmac, randomUUID } from 'node:crypto'
import { type ClientRequest, request } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import {
  Child,
  type Entry,
  type Figure,
  machine,
  percentile,
  RUNS,
  type Stat,
  stat,
  withTimeout,
} from './lib.js'

const KEY = 'is_test_bench_sse_key'
const SECRET = 'whsec_bench_sse_secret_0123456789'
const ORIGIN = 'http://bench.local'
const MPESA = 'd9128e24-4586-5981-9c1e-a96a091bf8da'
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OPEN_BATCH = 250

type Subscriber = { req: ClientRequest; ready: Promise<void>; done: Promise<number> }

/** Opens one raw SSE stream; `ready` on its first event, `done` with the time it saw "settled". */
function subscribe(url: string, marker: string): Subscriber {
  let onReady: () => void = () => {}
  let onDone: (t: number) => void = () => {}
  let onError: (e: Error) => void = () => {}
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve
    onError = reject
  })
  const done = new Promise<number>((resolve) => {
    onDone = resolve
  })
  const req = request(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) {
      onError(new Error(`SSE ${res.statusCode}`))
      res.resume()
      return
    }
    let first = true
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      if (first) {
        first = false
        onReady()
      }
      if (chunk.includes(marker)) onDone(performance.now())
    })
  })
  req.on('error', (error) => onError(error))
  req.end()
  return { req, ready, done }
}

async function openAll(url: string, count: number, marker: string): Promise<Subscriber[]> {
  const subscribers: Subscriber[] = []
  for (let i = 0; i < count; i += OPEN_BATCH) {
    const batch: Subscriber[] = []
    for (let j = i; j < Math.min(count, i + OPEN_BATCH); j++) batch.push(subscribe(url, marker))
    subscribers.push(...batch)
    await Promise.all(batch.map((s) => s.ready))
  }
  return subscribers
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init)
  const body = (await response.json()) as { data: Record<string, unknown> }
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`)
  return body.data
}

type Sample = {
  p50: number
  p99: number
  max: number
  rssPerSub: number
  heapPerSub: number
  missed: number
}

async function measure(
  child: Child,
  count: number,
  streamUrl: string,
  marker: string,
  fire: () => Promise<void>,
): Promise<Sample> {
  const before = await child.ask({ type: 'mem' }, 'mem')
  const subscribers = await withTimeout(
    openAll(streamUrl, count, marker),
    120_000,
    'opening streams',
  )
  const after = await child.ask({ type: 'mem' }, 'mem')
  try {
    const t0 = performance.now()
    await fire()
    const times = await withTimeout(
      Promise.all(
        subscribers.map((s) =>
          Promise.race([
            s.done,
            new Promise<number>((r) => setTimeout(() => r(Number.NaN), 15_000)),
          ]),
        ),
      ),
      20_000,
      'fan-out',
    )
    const latencies = times.filter((t) => !Number.isNaN(t)).map((t) => t - t0)
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
      missed: count - latencies.length,
      rssPerSub: (Number(after.rss) - Number(before.rss)) / count,
      heapPerSub:
        (Number(after.heapUsed) +
          Number(after.external) -
          Number(before.heapUsed) -
          Number(before.external)) /
        count,
    }
  } finally {
    for (const s of subscribers) s.req.destroy()
  }
}

export async function benchSse(counts = [1, 1_000, 10_000]): Promise<Entry> {
  const started = Date.now()
  const load = loadavg()[0]!
  const notes: string[] = []
  const children: Child[] = []
  try {
    const sandbox = new Child('sandbox', { SPEED: '0', API_KEY: KEY, WEBHOOK_SECRET: SECRET })
    children.push(sandbox)
    const sandboxUrl = String((await sandbox.next('ready', 90_000)).url)
    const kit = new Child('kit', { BASE_URL: sandboxUrl, API_KEY: KEY, WEBHOOK_SECRET: SECRET }, [
      '--expose-gc',
    ])
    const bare = new Child('bare-sse', {}, ['--expose-gc'])
    children.push(kit, bare)
    const kitUrl = `${String((await kit.next('ready')).url)}/api/ramp`
    const bareUrl = String((await bare.next('ready')).url)
    const headers = { 'content-type': 'application/json', origin: ORIGIN }

    const kitRun = async (count: number) => {
      const quote = await json(`${kitUrl}/quotes`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          order_type: 'OnRamp',
          country: 'KE',
          currency: 'KES',
          local_amount: 1500,
          // The published sandbox asset (USDC on Base), mapped onto the local test USDC.
          asset: {
            token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
            currency: 'USDC',
            network: 'BASE',
          },
          wallet_address: WALLET,
          payment_method: {
            type: 'mobile_money',
            network_id: MPESA,
            // The sandbox guide's success number: the order settles on the clock.
            phone_number: '+2541111111111',
          },
          customer: { name: 'Amina Otieno', dob: '04/12/1990' },
        }),
      })
      const order = await json(`${kitUrl}/quotes/${String(quote.quote_id)}/accept`, {
        method: 'POST',
        headers,
      })
      const orderId = String(order.order_id)
      // Settle it upstream (no webhook URL: the delivery is skipped), then send the webhook ourselves.
      await json(`${sandboxUrl}/__sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: JSON.stringify({ seconds: 5 }),
      })
      const settled = await json(`${sandboxUrl}/api/v1/partner/orders/${orderId}`, {
        headers: { 'x-api-key': KEY },
      })
      // The published GET answers `{ order }`; a webhook's body is the order itself.
      const body = JSON.stringify((settled as { order?: unknown }).order ?? settled)
      const t = Math.floor(Date.now() / 1000)
      const v1 = createHmac('sha256', SECRET).update(`${t}.${body}`).digest('base64')
      return measure(
        kit,
        count,
        `${kitUrl}/orders/${String(order.id)}/events`,
        '"settled"',
        async () => {
          const response = await fetch(`${kitUrl}/webhooks`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-webhook-event': 'order.settled',
              'x-webhook-id': randomUUID(),
              'x-webhook-signature': `t=${t},v1=${v1}`,
            },
            body,
          })
          if (!response.ok) throw new Error(`webhook ${response.status} ${await response.text()}`)
        },
      )
    }
    const bareRun = (count: number) =>
      measure(bare, count, `${bareUrl}/events`, '"settled"', async () => {
        await (await fetch(`${bareUrl}/fire`, { method: 'POST' })).text()
      })

    await kitRun(200) // warm-up
    await bareRun(200)
    const figures: Figure[] = []
    for (const count of counts) {
      const kitSamples: Sample[] = []
      const bareSamples: Sample[] = []
      for (let i = 0; i < RUNS; i++) {
        bareSamples.push(await bareRun(count))
        kitSamples.push(await kitRun(count))
      }
      const missed = kitSamples.reduce((n, s) => n + s.missed, 0)
      if (missed)
        notes.push(
          `${count} subscribers: ${missed} kit subscribers never saw "settled" within 15 s.`,
        )
      const pick = (samples: Sample[], key: keyof Sample): Stat => stat(samples.map((s) => s[key]))
      const label = count === 1 ? '1 subscriber' : `${count.toLocaleString('en-US')} subscribers`
      // Goals at 10,000 subscribers, as ratios to the baseline of the same run.
      const row = (key: keyof Sample, name: string, unit: string, goalRatio?: number) => {
        const value = pick(kitSamples, key)
        const base = pick(bareSamples, key)
        const ratio = value.median / base.median
        const goal = count === 10_000 && goalRatio !== undefined
        figures.push({
          name: `${label}: ${name}`,
          unit,
          value,
          baseline: { name: 'bare node:http SSE write loop', value: base },
          ratio,
          ...(goal ? { goal: `<= ${goalRatio}x baseline`, met: ratio <= goalRatio } : {}),
        })
      }
      row('p50', 'webhook to subscriber notified, p50', 'ms')
      row('p99', 'webhook to subscriber notified, p99', 'ms', 1.5)
      row('max', 'webhook to last subscriber notified', 'ms')
      if (count === 1) continue // one stream is below the noise of a heap reading
      notes.push(
        `${count.toLocaleString('en-US')} subscribers: server RSS growth per subscriber (not a figure: RSS keeps pages freed by earlier runs, so it can even shrink) median ${Math.round(pick(kitSamples, 'rssPerSub').median)} bytes (kit) vs ${Math.round(pick(bareSamples, 'rssPerSub').median)} bytes (bare).`,
      )
      row('heapPerSub', 'server heap+external per subscriber (after GC)', 'bytes', 2)
    }
    notes.push(
      `Load average (1 min) when this entry started: ${load.toFixed(1)} on ${cpus().length} cores. Above the core count other processes shared the machine, and both columns are slower than on a quiet one; the ratios are what compares.`,
      'Kit latency includes the webhook POST (verify, store, 200), the worker applying it, the bus publish and every stream write; the baseline only the POST and the writes.',
      'The 1-subscriber row is the fixed cost of the pipeline (webhook ingest, worker, bus) without fan-out; the rows above it minus that are the per-subscriber cost.',
      'Clients are raw node:http requests (agent: false, one socket each) in the bench process; the kit and the baseline each run in their own process with --expose-gc.',
    )
    return {
      id: '4-sse-fanout',
      title: 'Live-status fan-out',
      machine: machine(),
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      method: `Per run: a fresh order (kit POST /quotes + accept against a speed-0 sandbox), N streams of GET /orders/:id/events opened ${OPEN_BATCH} at a time and each seen its snapshot, memory read after GC before and after, then a signed order.settled webhook POSTed to the kit; latency = each subscriber's "settled" event minus the POST start. ${RUNS} runs per N, interleaved with the baseline; memoryStore, memoryBus; getEndUser constant.`,
      figures,
      notes,
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()))
  }
}
