// The auth feature's face: what other features may use of an account (its view, the greeting of
// a mail, the password check). Its field rules are its schemas (account-schemas.ts).

export { accountView, mailGreeting, MESSAGES } from './accounts'
export { verifyPassword } from './passwords'
