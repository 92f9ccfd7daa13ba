/** The page's own address, for its form and its redirect (not in plano.server.ts: the browser build empties .server modules). */
export const SELF = '/plano-de-estudos'
