// 7. On a shopper's phone: the demo stack (as entry 6 starts it) in Chromium with a mid-range
// phone's CPU (4x slower) on a slow 4G network, cold cache, 390 px. Each figure beside its
// physical floor from the same run: the bytes the first screen needed over the bandwidth plus the
// round trips nothing can save, and the service's own settle time plus the round trip to it.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import {
  CHROMIUM,
  confirmToSettled,
  corridorsChoosable,
  type Demo,
  firstStep,
  launchChromium,
  SPEED,
  serviceSettle,
  settleNote,
  startDemo,
  stopDemo,
} from './browser.js'
import { type Entry, fmt, machine, RUNS, stat, withTimeout } from './lib.js'

/** The phone: CPU slowed 4x (DevTools' "mid-tier mobile"), slow 4G, a 390 px screen. */
const CPU_SLOWDOWN = 4
const DOWN_BPS = 1_600_000
const UP_BPS = 750_000
const RTT_MS = 150
/**
 * Round trips before the first screen can be interactive: the HTML's answer, then one level of
 * requests side by side (the module script, its preloaded chunks and the first API reads the HTML
 * starts). A real network adds the TCP connection (and TLS) before the HTML; Chromium's emulation
 * charges its latency per answer and nothing for the connection, so neither the measurement nor
 * the floor counts it: the floor is the least this emulated page could take.
 */
const FIRST_SCREEN_ROUND_TRIPS = 2
/** From Confirm to "Settled": the accept's way to the server and the settled status's way back. */
const SETTLE_ROUND_TRIPS = 1

type Request = {
  url: string
  type: string
  start: number
  end?: number
  /** Bytes on the wire (headers and the body as sent: brotli, gzip or plain). */
  wire: number
  /** The body as the page reads it, after decoding. */
  body: number
  encoding: string
}

/** Records every request of the page from CDP's Network events (times in CDP's monotonic s). */
function recordNetwork(cdp: CDPSession) {
  const requests = new Map<string, Request>()
  let document: { timestamp: number; wallTime: number } | undefined
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && !document)
      document = { timestamp: event.timestamp, wallTime: event.wallTime }
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      start: event.timestamp,
      wire: 0,
      body: 0,
      encoding: 'none',
    })
  })
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId)
    const headers = Object.entries(event.response.headers)
    const encoding = headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1]
    if (request && encoding) request.encoding = String(encoding)
  })
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId)
    if (request) request.body += event.dataLength
  })
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId)
    if (!request) return
    request.end = event.timestamp
    request.wire = event.encodedDataLength
  })
  return { requests, document: () => document }
}

/**
 * Records in the page, from the navigation's start, when the first screen is interactive: checked
 * on every change of the DOM, so the time is the page's own and not a poll's.
 */
const FIRST_SCREEN_SCRIPT = `(() => {
  const ready = ${corridorsChoosable.toString()};
  const observer = new MutationObserver(() => {
    if (window.__firstScreenMs === undefined && ready()) {
      window.__firstScreenMs = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})()`

type PhoneLoad = {
  ms: number
  floorMs: number
  wire: number
  body: number
  waterfall: string[]
  context: BrowserContext
  page: Page
}

async function phoneLoad(browser: Browser, url: string): Promise<PhoneLoad> {
  // A new context each run: its own cache (empty) and its own connections.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  })
  await context.addInitScript({ content: FIRST_SCREEN_SCRIPT })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const network = recordNetwork(cdp)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: RTT_MS,
    downloadThroughput: DOWN_BPS / 8,
    uploadThroughput: UP_BPS / 8,
    connectionType: 'cellular4g',
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(() => '__firstScreenMs' in window, null, {
    timeout: 30_000,
    polling: 50,
  })
  const [timeOrigin, ms] = await page.evaluate(() => [
    performance.timeOrigin,
    (window as unknown as { __firstScreenMs: number }).__firstScreenMs,
  ])
  const document = network.document()
  if (!document) throw new Error('no document request recorded')
  // The navigation's start and the interactive moment on CDP's clock.
  const origin = document.timestamp + (timeOrigin / 1000 - document.wallTime)
  const interactive = origin + ms / 1000
  const needed = [...network.requests.values()].filter(
    (r) => r.end !== undefined && r.end <= interactive && !r.url.endsWith('/favicon.ico'),
  )
  const wire = needed.reduce((sum, r) => sum + r.wire, 0)
  const body = needed.reduce((sum, r) => sum + r.body, 0)
  const floorMs = (wire * 8 * 1000) / DOWN_BPS + FIRST_SCREEN_ROUND_TRIPS * RTT_MS
  const at = (s: number) => fmt((s - origin) * 1000)
  const waterfall = [...network.requests.values()]
    .filter((r) => r.start <= interactive)
    .sort((a, b) => a.start - b.start)
    .map((r) => {
      const { pathname } = new URL(r.url)
      const end = r.end === undefined ? 'open' : `${at(r.end)} ms`
      const size = `${fmt(r.wire / 1000, 1)} kB on the wire (${r.encoding}), ${fmt(r.body / 1000, 1)} kB read`
      const late = r.end !== undefined && r.end > interactive ? ', after interactive' : ''
      return `\`${pathname}\` (${r.type}) ${at(r.start)} → ${end}: ${size}${late}`
    })
  return { ms, floorMs, wire, body, waterfall, context, page }
}

export async function benchPhone(): Promise<Entry> {
  const started = Date.now()
  const notes: string[] = []
  const dataDir = mkdtempSync(join(tmpdir(), 'rampkit-bench-phone-'))
  let demo: Demo | undefined
  let browser: Browser | undefined
  try {
    demo = await startDemo(dataDir)
    browser = await launchChromium()
    const activeBrowser = browser
    const activeDemo = demo
    // Warm-up at full speed: one flow (JIT in the servers, PGlite, the chain).
    const warm = await firstStep(activeBrowser, activeDemo.url)
    await confirmToSettled(warm.page)
    await warm.context.close()
    const loads: PhoneLoad[] = []
    const settles: number[] = []
    const harness: number[] = []
    const services: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const load = await withTimeout(phoneLoad(activeBrowser, activeDemo.url), 60_000, 'phone load')
      loads.push(load)
      const settled = await withTimeout(confirmToSettled(load.page), 90_000, 'phone confirm')
      settles.push(settled.ms)
      harness.push(settled.harnessMs)
      await load.context.close()
      services.push(await withTimeout(serviceSettle(activeDemo), 30_000, 'service settle'))
    }
    const load = stat(loads.map((l) => l.ms))
    const floor = stat(loads.map((l) => l.floorMs))
    const wire = stat(loads.map((l) => l.wire / 1000))
    const body = stat(loads.map((l) => l.body / 1000))
    const settle = stat(settles)
    const settleFloor = stat(services.map((s) => s + SETTLE_ROUND_TRIPS * RTT_MS))
    const settleRatio = settle.median / settleFloor.median
    const ratio = load.median / floor.median
    const median = [...loads].sort((a, b) => a.ms - b.ms)[Math.floor(loads.length / 2)]
    notes.push(
      `First-screen floor: the bytes on the wire of every response finished before the first screen was interactive (HTML, scripts, stylesheet, the first API reads; the favicon left out), as the storefront sent them, × 8 / ${fmt(DOWN_BPS / 1e6, 1)} Mbps, plus ${FIRST_SCREEN_ROUND_TRIPS} round trips of ${RTT_MS} ms: the HTML's answer, then the module script, its chunks and the first API reads (which the HTML's preload links start) side by side. A real network adds the TCP connection (and TLS) before the HTML; Chromium's emulation charges its latency per answer and nothing for the connection, so neither side counts it. Upload (${fmt(UP_BPS / 1000)} kbps) carries only request headers here and is not counted.`,
      settleNote(stat(harness)),
      `Settle floor: the service floor as entry 6 measures it (sandbox API accept to GET order settled, 10 ms polls, at full speed from Node) plus ${SETTLE_ROUND_TRIPS} round trip of ${RTT_MS} ms: the accept's way to the service and the settled status's way back to the page.`,
      `Waterfall of the median run (${fmt(median?.ms ?? Number.NaN)} ms to interactive; ms from the navigation's start): ${median?.waterfall.join('; ') ?? 'none'}.`,
    )
    return {
      id: '7-phone',
      title: "On a shopper's phone (demo stack)",
      machine: machine(),
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      method: `Headless Chromium (${CHROMIUM}) via playwright-core on the demo stack of entry 6 (PGlite, sandbox clock speed ${SPEED}, inline customers), through the Chrome DevTools Protocol as a mid-range phone: CPU slowed ${CPU_SLOWDOWN}x (\`Emulation.setCPUThrottlingRate\`), a slow 4G network of ${fmt(DOWN_BPS / 1e6, 1)} Mbps down, ${fmt(UP_BPS / 1000)} kbps up and ${RTT_MS} ms round trip (\`Network.emulateNetworkConditions\`), a 390 × 844 mobile viewport at 3x. Each run a fresh browser context (empty cache, new connections) and a new shopper; the first screen's moment recorded in the page on each DOM change from the navigation's start. ${RUNS} runs after one warm-up flow at full speed.`,
      figures: [
        {
          name: 'Phone: page load to first screen interactive (corridor list filled, Kenya choosable)',
          unit: 'ms',
          value: load,
          baseline: {
            name: `physical floor: its bytes on the wire over ${fmt(DOWN_BPS / 1e6, 1)} Mbps + ${FIRST_SCREEN_ROUND_TRIPS} round trips of ${RTT_MS} ms`,
            value: floor,
          },
          ratio,
          goal: '<= 1.5x',
          met: ratio <= 1.5,
        },
        {
          name: 'Phone: bytes on the wire before the first screen is interactive',
          unit: 'kB',
          value: wire,
          baseline: { name: 'the same responses decoded', value: body },
          ratio: wire.median / body.median,
        },
        {
          name: 'Phone: Confirm click to "Your order: Settled." shown',
          unit: 'ms',
          value: settle,
          baseline: {
            name: `service floor (as entry 6) + ${SETTLE_ROUND_TRIPS} round trip of ${RTT_MS} ms`,
            value: settleFloor,
          },
          ratio: settleRatio,
          goal: '<= 1.5x',
          met: settleRatio <= 1.5,
        },
      ],
      notes,
    }
  } finally {
    await browser?.close()
    if (demo) await stopDemo(demo)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
