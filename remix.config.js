/** Remix classic compiler (see docs/decisions/001-remix-classic-compiler.md). */
// BUILD_DIR lets several builds live side by side (default: build/).
const buildDir = process.env.BUILD_DIR || 'build'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  serverModuleFormat: 'esm',
  serverBuildPath: `${buildDir}/remix/index.js`,
  assetsBuildDirectory: `${buildDir}/assets`,
  publicPath: '/build/',
  // Bundled into the server build so only the icons the app draws are loaded: the package's
  // entry, loaded whole, held every one of its icons in the server's heap (ADR 077).
  serverDependenciesToBundle: [/^lucide-react/],
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
}
