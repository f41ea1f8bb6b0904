import type { Corridor } from '../catalog.js'
import type { DoctorRun, KeyFindings } from '../types.js'

/** One line per enabled rail: its networks with their limits, as the catalog lists them. */
function railLines(corridors: Corridor[]): string[] {
  const lines: string[] = []
  for (const corridor of corridors) {
    for (const rail of corridor.rails.filter((item) => item.enabled)) {
      const networks = rail.providers.length
        ? rail.providers
            .map(
              (provider) =>
                `${provider.name} ${provider.id} ${provider.min ?? '?'}–${provider.max ?? '?'} ${provider.currency ?? corridor.currency}`,
            )
            .join('; ')
        : 'networks from GET /partner/banks'
      lines.push(
        `${corridor.country}/${corridor.currency} ${corridor.orderType} ${rail.type}: ${networks}`,
      )
    }
  }
  return lines
}

/** The corridors and rails this key may use, from the catalog the key check read. */
export function checkCorridors(run: DoctorRun, found: KeyFindings, corridors: Corridor[]): void {
  const started = performance.now()
  if (!found.accepted) {
    run.skip('corridors', 'Corridors and rails', 'Needs an accepted key.')
  } else if (corridors.length === 0) {
    run.add(
      {
        id: 'corridors',
        title: 'Corridors and rails',
        status: 'fail',
        detail: 'the catalog lists no enabled corridor for this key',
        fix: 'Ask the ramp service to enable the corridors you need (e.g. KE OnRamp) for this key.',
      },
      started,
    )
  } else {
    run.add(
      {
        id: 'corridors',
        title: 'Corridors and rails',
        status: 'pass',
        detail: `${corridors.length} corridor direction(s); network ids belong to this environment (re-read them after a sandbox reset, never hard-code them)`,
        lines: railLines(corridors),
      },
      started,
    )
  }
}
