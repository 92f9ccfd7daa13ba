// The discussion's own URL parameters, read by the loader and written by the page's links (a
// constant in discussoes.server.ts would be undefined in the browser, which drops .server code).

/** The discussion's page of topics; every other parameter belongs to the list behind it. */
export const PAGE_PARAM = 'dpagina'
/** The post form (edit, report) to show open, by its form id: 'denunciar-resposta-12'. */
export const FORM_PARAM = 'formulario'
