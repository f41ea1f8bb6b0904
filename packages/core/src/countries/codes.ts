// The countries of ISO 3166-1 (alpha-2), with no import: the resource schemas and validation both
// read it, and it sits below both (as documents/limits.ts does). The codes the service takes wherever it names a country
// (`country_of_residence`, an address's `country`, a corridor). Kept here as 249 codes (about
// 0.5 kB gzip) rather than a dependency with names in one language: names come from the
// runtime's `Intl.DisplayNames` in the shopper's language. codes.test.ts compares this list
// with the `iso-3166` package, so an update of the standard shows as a failing test.

const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
  'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
  'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW'

/**
 * Every ISO 3166-1 alpha-2 country code, upper case and sorted. The service publishes no narrower
 * list of the countries a customer may live in (its requirements route takes any `country`), so
 * this is also the list a country of residence is chosen from.
 */
export const COUNTRY_CODES: readonly string[] = Object.freeze(CODES.split(' '))

const KNOWN = new Set(COUNTRY_CODES)

/**
 * Whether `code` is an ISO 3166-1 alpha-2 country, in any case (`'ke'` and `'KE'` are; `'UN'`,
 * `'EU'` and `'XK'` are not).
 *
 * @example
 * isCountryCode('DE') // true
 * isCountryCode('UN') // false
 */
export function isCountryCode(code: unknown): code is string {
  return typeof code === 'string' && code.length === 2 && KNOWN.has(code.toUpperCase())
}

/**
 * A country's name in a language, from the runtime's `Intl.DisplayNames` (`'DE'`, `'fr'` ->
 * `'Allemagne'`); the code itself where the runtime has no name for it.
 *
 * @example
 * countryName('KE', 'sw') // 'Kenya'
 * countryName('US', 'fr') // 'États-Unis'
 */
export function countryName(code: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/**
 * The countries as a shopper chooses among them: each code with its name in `locale`, sorted by
 * that name as the language sorts (`Intl.Collator`), for a country picker.
 *
 * @example
 * countryOptions('fr').find((option) => option.code === 'DE') // { code: 'DE', name: 'Allemagne' }
 */
export function countryOptions(
  locale = 'en',
  codes: readonly string[] = COUNTRY_CODES,
): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale)
  return codes
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name))
}
