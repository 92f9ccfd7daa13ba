import { createContext, useContext } from 'react'

const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider

/** The per-request CSP nonce (empty on the client after hydration, which is fine). */
export function useNonce() {
  return useContext(NonceContext)
}
