import type { ServerBuild } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { createElement } from 'react'

import * as entry from '~/entry.server'
import * as dashboard from '~/routes/dashboard/route'
import * as login from '~/routes/login/route'

/**
 * A Remix server build without the compiler: the real entry.server and a few real route
 * modules under a stand-in root (the real root pulls in the stylesheet and every component).
 * Enough for createApp's whole request path (page guard, Remix handler, actions, logging)
 * in a unit test; the document it renders is a bare shell.
 */
export function testRemixBuild(): ServerBuild {
  const root = {
    loader: () => json({}),
    default: () => createElement('html', { lang: 'pt-BR' }, createElement('body', null, createElement(Outlet))),
  }
  const modules = { root, 'routes/login': login, 'routes/dashboard': dashboard } as const
  const paths: Record<keyof typeof modules, string | undefined> = { root: '', 'routes/login': 'login', 'routes/dashboard': 'dashboard' }
  const routes = Object.fromEntries(
    Object.entries(modules).map(([id, module]) => [
      id,
      { id, parentId: id === 'root' ? undefined : 'root', path: paths[id as keyof typeof modules], module },
    ]),
  )
  const assetRoutes = Object.fromEntries(
    Object.entries(modules).map(([id, module]) => [
      id,
      {
        id,
        parentId: id === 'root' ? undefined : 'root',
        path: paths[id as keyof typeof modules],
        module: `/build/${id}.js`,
        hasAction: 'action' in module,
        hasLoader: 'loader' in module,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: 'ErrorBoundary' in module,
      },
    ]),
  )
  return {
    mode: 'production',
    entry: { module: entry },
    routes,
    assets: { entry: { module: '/build/entry.client.js', imports: [] }, routes: assetRoutes, url: '/build/manifest.js', version: 'test' },
    publicPath: '/build/',
    assetsBuildDirectory: 'build/assets',
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
      v3_singleFetch: false,
    },
    isSpaMode: false,
  } as unknown as ServerBuild
}
