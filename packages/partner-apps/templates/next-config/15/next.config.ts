// create-next-app's next.config.ts for Next 15, in this repository's formatting.
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  /* config options here */
}

export default nextConfig
