// After `remix build`: the files every page loads (the client entry's chunks and the root's) become
// one file, and the manifests (the browser's and the one inside the server build) name the new
// files. Remix's compiler splits by route, so a page named 31 scripts, 14 of them on every page,
// and a phone on HTTP/1.1 fetches six at a time (ADR 072).
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { transform } from 'esbuild'
import { rollup } from 'rollup'

const buildDir = process.env.BUILD_DIR || 'build'
const assets = path.join(buildDir, 'assets')
const serverBuild = path.join(buildDir, 'remix', 'index.js')
const PUBLIC = '/build/'

const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f))
if (!manifestFile) throw new Error(`merge-chunks: no manifest in ${assets}`)
const manifest = JSON.parse(
  fs
    .readFileSync(path.join(assets, manifestFile), 'utf8')
    .replace(/^window\.__remixManifest=/, '')
    .replace(/;\s*$/, ''),
)

const fileOf = (url) => path.resolve(assets, url.slice(PUBLIC.length))
const urlOf = (file) => PUBLIC + file.split(path.sep).join('/')
const routes = Object.values(manifest.routes)

// Entries keep their own files and names (without esbuild's hash): Remix imports them by URL.
const entryFiles = [manifest.entry.module, ...routes.map((r) => r.module)].map(fileOf)
// esbuild's names end in -HASH.js; rollup puts hashes of its own.
const baseName = (file) => path.relative(assets, file).replace(/-[A-Za-z0-9]+\.js$/, '')
const everyPage = new Set([...manifest.entry.imports, ...(manifest.routes.root.imports ?? [])].map(fileOf))

const bundle = await rollup({
  input: entryFiles,
  treeshake: false, // esbuild already shook the tree; this step only regroups its files
  onwarn(warning, warn) {
    if (warning.code !== 'EMPTY_BUNDLE') warn(warning)
  },
  plugins: [
    {
      name: 'remix-public-path',
      resolveId: (source, importer) =>
        source.startsWith(PUBLIC)
          ? fileOf(source)
          : importer && source.startsWith('.')
            ? path.resolve(path.dirname(importer), source)
            : null,
    },
  ],
})
const out = path.join(buildDir, 'assets.merged')
fs.rmSync(out, { recursive: true, force: true })
const { output } = await bundle.generate({
  format: 'es',
  entryFileNames: (chunk) => `${baseName(chunk.facadeModuleId)}-[hash].js`,
  sanitizeFileName: (name) => name.replace(/\0/g, ''),
  // Parts loaded on demand keep their names (the after-answer chunk, the schemas); shared chunks are numbered.
  chunkFileNames: (chunk) =>
    chunk.isDynamicEntry && chunk.facadeModuleId
      ? `${baseName(chunk.facadeModuleId)}-[hash].js`
      : chunk.name === 'common'
        ? '_shared/common-[hash].js'
        : '_shared/chunk-[hash].js',
  hashCharacters: 'base36',
  manualChunks: (id) => (everyPage.has(id) ? 'common' : undefined),
  minifyInternalExports: true,
})
await bundle.close()

// Rollup joined already-minified files; esbuild minifies the joins and the renamed bindings.
const byName = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]))
for (const chunk of byName.values()) {
  const { code: min } = await transform(chunk.code, {
    minify: true,
    format: 'esm',
    legalComments: 'none',
  })
  fs.mkdirSync(path.dirname(path.join(out, chunk.fileName)), { recursive: true })
  fs.writeFileSync(path.join(out, chunk.fileName), min)
}

const fileByEntry = new Map([...byName.values()].filter((c) => c.isEntry).map((c) => [c.facadeModuleId, c.fileName]))
const entryFile = (url) => fileByEntry.get(fileOf(url))
const staticClosure = (fileName, seen = new Set()) => {
  for (const dep of byName.get(fileName).imports)
    if (!seen.has(dep)) {
      seen.add(dep)
      staticClosure(dep, seen)
    }
  return seen
}
const entryModule = entryFile(manifest.entry.module)
const entryImports = staticClosure(entryModule)
const preloads = (fileName) => {
  const list = [...staticClosure(fileName)].filter((f) => f !== entryModule && !entryImports.has(f)).map(urlOf)
  return list.length ? list : undefined
}

const next = structuredClone(manifest)
next.entry = { module: urlOf(entryModule), imports: [...entryImports].map(urlOf) }
for (const route of Object.values(next.routes)) {
  const file = entryFile(route.module)
  route.module = urlOf(file)
  route.imports = preloads(file)
}
const hash = crypto
  .createHash('sha256')
  .update(JSON.stringify({ entry: next.entry, routes: next.routes }))
  .digest('hex')
  .slice(0, 8)
next.version = hash
next.url = `${PUBLIC}manifest-${hash.toUpperCase()}.js`
fs.writeFileSync(path.join(out, `manifest-${hash.toUpperCase()}.js`), `window.__remixManifest=${JSON.stringify(next)};`)

// The server build holds the same manifest as a literal; it is replaced whole.
const server = fs.readFileSync(serverBuild, 'utf8')
const start = server.indexOf('var assets_manifest_default = {')
const end = server.indexOf('};\n', start)
if (start < 0 || end < 0) throw new Error('merge-chunks: the server build has no assets manifest')
fs.writeFileSync(serverBuild, `${server.slice(0, start)}var assets_manifest_default = ${JSON.stringify(next)};\n${server.slice(end + 3)}`)

// Swap the scripts; stylesheets and other assets stay where Remix put them.
for (const name of [
  '_shared',
  'routes',
  manifestFile,
  path.basename(fileOf(manifest.entry.module)),
  path.basename(fileOf(manifest.routes.root.module)),
])
  fs.rmSync(path.join(assets, name), { recursive: true, force: true })
fs.cpSync(out, assets, { recursive: true })
fs.rmSync(out, { recursive: true, force: true })
console.log(`merge-chunks: ${byName.size} script files (every page: ${1 + entryImports.size} + root)`)
