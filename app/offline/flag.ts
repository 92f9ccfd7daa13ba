// Set (in localStorage) while answers wait in the device's queue: the root then sends them when
// the connection returns, on any page, without opening IndexedDB on every page load.
export const QUEUE_FLAG = 'gabarita-fila'

/** An action result that says the answer stayed on the device: nothing to reload (there is no network). */
export const keptOnDevice = (result: unknown) => typeof result === 'object' && result !== null && 'dropped' in result
