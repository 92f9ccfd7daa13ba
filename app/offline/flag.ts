/** An action result that says the answer stayed on the device: nothing to reload (there is no network). */
export const keptOnDevice = (result: unknown) => typeof result === 'object' && result !== null && 'dropped' in result
