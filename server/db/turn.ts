/**
 * A turn of the event loop. PGlite runs in this thread and answers in microtasks: a loop of its
 * reads and writes alone lets no timer or request in, however long it runs. A pass over the bank
 * waits one between its batches.
 */
export function nextTurn() {
  return new Promise<void>((resolve) => setImmediate(resolve))
}
