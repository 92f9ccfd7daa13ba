import { IncomingMessage } from 'node:http'

/**
 * `req[key]` for every request, read by `get` from what the request already carries, instead of a
 * property added to each: Express replaces each request's prototype, and V8 adds a property to
 * such an object slowly (ADR 065). A value assigned to `req[key]` is kept as is.
 */
export function requestAccessor(key: string, get: (req: IncomingMessage) => unknown) {
  Object.defineProperty(IncomingMessage.prototype, key, {
    configurable: true,
    get(this: IncomingMessage) {
      return get(this)
    },
    set(value: unknown) {
      Object.defineProperty(this, key, { value, writable: true, configurable: true, enumerable: true })
    },
  })
}
