import { num, record, str } from './describe.js'

export type Provider = { id: string; name: string; min?: number; max?: number; currency?: string }
export type Rail = { type: string; enabled: boolean; providers: Provider[] }
export type Corridor = {
  orderType: 'OnRamp' | 'OffRamp'
  country: string
  currency: string
  enabled: boolean
  rails: Rail[]
}

/** The corridors and rails of a catalog `data`, read leniently (it may have drifted). */
export function corridorsOfCatalog(data: unknown): Corridor[] {
  const out: Corridor[] = []
  for (const [direction, orderType] of [
    ['onramp', 'OnRamp'],
    ['offramp', 'OffRamp'],
  ] as const) {
    const countries = record(record(record(data)[direction]).countries)
    for (const [code, node] of Object.entries(countries)) {
      const country = record(node)
      const rails: Rail[] = []
      for (const [type, bucket] of Object.entries(record(country.payment_methods))) {
        const rail = record(bucket)
        const providers = Array.isArray(rail.providers) ? rail.providers : []
        rails.push({
          type: str(rail.quote_type) ?? type,
          enabled: rail.enabled !== false,
          providers: providers
            .map(record)
            .filter((provider) => provider.enabled !== false && str(provider.id))
            .map((provider) => ({
              id: str(provider.id) ?? '',
              name: str(provider.name) ?? str(provider.code) ?? '',
              min: num(provider.min_amount),
              max: num(provider.max_amount),
              currency: str(provider.currency),
            })),
        })
      }
      out.push({
        orderType,
        country: str(country.country_code) ?? code,
        currency: str(country.currency) ?? '',
        enabled: country.enabled !== false,
        rails,
      })
    }
  }
  return out
}
