// autocannon ships no types; the bench uses only this much of it.
declare module 'autocannon' {
  type Result = { requests: { total: number }; errors: number; timeouts: number; non2xx: number }
  type Instance = Promise<Result> & {
    on: (event: 'response', fn: (client: unknown, status: number, bytes: number, time: number) => void) => void
  }
  export default function autocannon(options: {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
  }): Instance
}
