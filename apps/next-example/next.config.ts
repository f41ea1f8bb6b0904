import type { NextConfig } from 'next'

const config: NextConfig = {
  // As `create-next-app` (Next 16) writes it: the route must build under it, as a partner's does.
  cacheComponents: true,
  partialPrefetching: true,
  // Inside this monorepo the rampkit packages are TypeScript source whose imports end in `.js`
  // (ESM style). Next compiles them; webpack maps `.js` to `.ts`, which Turbopack cannot yet
  // (vercel/next.js#82945), hence `--webpack` in the scripts. An app that installs the published
  // packages needs neither.
  transpilePackages: ['@rampkit/core', '@rampkit/server', '@rampkit/react'],
  webpack(webpackConfig) {
    webpackConfig.resolve.extensionAlias = { '.js': ['.ts', '.tsx', '.js'] }
    return webpackConfig
  },
}

export default config
