// The dashboard's tabs are URLs (`?aba=`): a link, a bookmark and the back button all work,
// with or without JavaScript.
export const TABS = [
  { id: 'visao-geral', label: 'Visão geral' },
  { id: 'cadernos', label: 'Cadernos' },
  { id: 'desempenho', label: 'Desempenho' },
  // One name per feature (issue 27): notes are Anotações everywhere; the id stays, bookmarks keep working.
  { id: 'comentarios', label: 'Anotações' },
  { id: 'forum', label: 'Fórum' },
  { id: 'configuracoes', label: 'Configurações' },
] as const

export type TabId = (typeof TABS)[number]['id']

/** The tab a URL asks for; anything else is the overview. */
export function tabOf(url: URL): TabId {
  const aba = url.searchParams.get('aba')
  return TABS.find((t) => t.id === aba)?.id ?? 'visao-geral'
}

export const tabHref = (tab: TabId) => (tab === 'visao-geral' ? '/dashboard' : `/dashboard?aba=${tab}`)

/** Where the preferences form lives and returns to. */
export const SETTINGS_TAB_URL = tabHref('configuracoes')

/** The dashboard URL to go back to, keeping only the open tab (`aba`) of the URL it opened from. */
export function dashboardBack(url: URL) {
  const aba = url.searchParams.get('aba')
  return aba && /^[a-z-]{1,30}$/.test(aba) ? `/dashboard?aba=${aba}` : '/dashboard'
}
