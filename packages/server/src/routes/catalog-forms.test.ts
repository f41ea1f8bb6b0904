import type { Catalog } from '@rampkit/core'
import { KIT_ROUTES } from '@rampkit/core/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, type KitHarness, sandboxForFile, startKit, validQuote } from '../../test/kit.js'

// A sandbox answering the catalog in its other published form, `african_markets[]`.
const sandbox = sandboxForFile('catalogforms', { catalogForm: 'markets' })

describe('a service answering the catalog as african_markets[]', () => {
  let kit: KitHarness
  beforeAll(async () => {
    kit = await startKit(sandbox, 'app.request')
  })
  afterAll(() => kit?.close())

  it('reaches the browser as the one catalog model the widget reads, limits included', async () => {
    const amina = browser(kit)
    const res = await amina.get(`${KIT_ROUTES.catalog}?country=KE&order_type=OnRamp`)
    expect(res.status).toBe(200)
    const { data } = await amina.json<{ data: Catalog }>(res)
    expect(data).not.toHaveProperty('african_markets')
    const kenya = data.onramp?.countries.KE
    expect(kenya).toMatchObject({ country_code: 'KE', currency: 'KES', enabled: true })
    expect(kenya?.payment_methods.mobile_money).toMatchObject({
      label: 'Mobile Money',
      quote_type: 'mobile_money',
    })
    const mpesa = kenya?.payment_methods.mobile_money?.providers.find(
      (provider) => provider.name === 'M-Pesa',
    )
    expect(mpesa).toMatchObject({ enabled: true, min_amount: 10, currency: 'KES' })
    // The kit checks a quote against the cached catalog's limits before asking the service.
    const before = kit.upstream.length
    const low = await amina.post(KIT_ROUTES.quotes, validQuote({ local_amount: 5 }))
    expect([low.status, (await low.json()).data?.field]).toEqual([422, 'local_amount'])
    expect(kit.upstream.length).toBe(before)
  })
})
