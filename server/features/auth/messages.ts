// The sign-in messages the contract, the router and the Google login share (no zod, no
// database: the contract is imported by the pages' loaders). The accounts' own messages are
// server/features/auth/account-messages.ts.

export const GOOGLE_MESSAGES = {
  notConfigured: 'Login com Google não está configurado neste servidor.',
  startFailed: 'Erro ao iniciar login com Google',
  invalidCallback: 'Parâmetros de retorno do Google inválidos ou expirados.',
  callbackFailed: 'Erro ao processar login com Google',
  cancelled: 'Login com Google cancelado ou recusado.',
} as const

export const LOGGED_OUT = 'Logout realizado com sucesso!'
