import zlib from 'node:zlib'

/** Issue 5's page budgets: the /questoes HTML and the JavaScript it loads. */
export const HTML_BUDGET = 80 * 1024
export const JS_GZIP_BUDGET = 130 * 1024
/** Issue 16: the stylesheets a page links, gzipped. */
export const CSS_GZIP_BUDGET = 20 * 1024

/**
 * The bytes of a page (by default /questoes) as a browser loads it: the HTML, and every script it names
 * (entry, route modules, modulepreloads, the manifest's route chunks). Chunks imported
 * later on demand (the login dialog's forms) are not part of the page.
 */
export async function pageBytes(base: string, cookie: string, path = '/questoes') {
  // Not followed: a signed-in page that bounced to /login must show as a 302, not as a small page.
  const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' })
  const html = await res.text()
  const htmlBytes = Buffer.byteLength(html)
  const htmlGzip = zlib.gzipSync(html).length
  const scripts = new Set<string>()
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) scripts.add(m[1])
  for (const m of html.matchAll(/<script[^>]*src="([^"]+)"/g)) scripts.add(m[1])
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(m[1])
  // Remix's hydration script names the modules it imports; the page's text (a statement, loader
  // data) may name anything, so only module scripts are read.
  const modules = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
  for (const m of modules.matchAll(/"(\/build\/[^"]+\.js)"/g)) if (/entry|root|routes\/questoes-|_shared/.test(m[1])) scripts.add(m[1])
  let jsGzip = 0
  let jsRaw = 0
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer())
    jsRaw += body.length
    jsGzip += zlib.gzipSync(body).length
  }
  let cssGzip = 0
  let cssRaw = 0
  const styles = new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]))
  for (const href of styles) {
    const body = Buffer.from(await (await fetch(`${base}${href}`)).arrayBuffer())
    cssRaw += body.length
    cssGzip += zlib.gzipSync(body).length
  }
  return { status: res.status, htmlBytes, htmlGzip, jsRaw, jsGzip, cssRaw, cssGzip, scripts: [...scripts], styles: [...styles] }
}
