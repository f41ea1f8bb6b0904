#!/usr/bin/env node
// Writes the "Screens" section of the root README.md from the PNGs in docs/screens/ (written by
// `RAMPKIT_SCREENS=1` e2e runs: <flow>-<screen>-<light|dark>-<1280|390>.png), one table row per
// screen in the order the flows reach them. Run by `pnpm --filter @rampkit/e2e screens`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..')
const dir = join(root, 'docs/screens')
const readme = join(root, 'README.md')
const START = '<!-- screens:start -->'
const END = '<!-- screens:end -->'

const files = readdirSync(dir).filter((file) => file.endsWith('.png'))
// Oldest first: the order the e2e flows shot them in.
files.sort((a, b) => statSync(join(dir, a)).mtimeMs - statSync(join(dir, b)).mtimeMs)
const screens = []
for (const file of files) {
  const name = file.replace(/-(light|dark)-(1280|390)\.png$/, '')
  if (!screens.includes(name)) screens.push(name)
}
const cell = (name, theme, width) => {
  const file = `${name}-${theme}-${width}.png`
  if (!files.includes(file)) return '—'
  return `<img src="docs/screens/${file}" alt="${name}, ${theme}, ${width} px" width="${width === '1280' ? 240 : 180}">`
}
const rows = screens.map((name) => {
  const [flow, ...rest] = name.split('-')
  const label = `${flow === 'offramp' ? 'Sell' : 'Buy'}: ${rest.join(' ')}`
  return `| ${label} | ${cell(name, 'light', '1280')} | ${cell(name, 'dark', '1280')} | ${cell(name, 'light', '390')} | ${cell(name, 'dark', '390')} |`
})
const bytes = files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0)
const section = `${START}
The checkout in the demo storefront, light and dark (the storefront's widget follows the system's
colour scheme), at 1280 px and 390 px, cropped to the widget. ${files.length} PNGs,
${(bytes / 1024).toFixed(0)} kB, written by \`pnpm --filter @rampkit/e2e screens\` (the buy and sell e2e flows with
\`RAMPKIT_SCREENS=1\`, then \`packages/e2e/scripts/screens-readme.mjs\` for this table).

| Screen | Light, desktop | Dark, desktop | Light, phone | Dark, phone |
|---|---|---|---|---|
${rows.join('\n')}
${END}`
const text = readFileSync(readme, 'utf8')
const next = text.includes(START)
  ? text.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section)
  : `${text.trimEnd()}\n\n## Screens\n${section}\n`
writeFileSync(readme, next)
console.log(
  `README.md: ${screens.length} screens, ${files.length} images, ${(bytes / 1024).toFixed(0)} kB`,
)
