import readline from 'node:readline'
import { Writable } from 'node:stream'

/** Asks a question on the terminal; with `secret` nothing typed is echoed. */
export function prompt(question: string, options: { secret?: boolean } = {}): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stderr.write(chunk)
      callback()
    },
  })
  const rl = readline.createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) })
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close()
      if (options.secret) process.stderr.write('\n')
      resolve(answer)
    })
    // Muted after the question is written: the password never reaches the screen.
    muted = Boolean(options.secret)
  })
}
