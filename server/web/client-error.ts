import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'

// What Node's HTTP parser refuses before Express sees the request. Its own answer to a request
// line and headers over its limit (16 KB: a very long query string) was a bare 431 with no body;
// the API's document declares 431 on every operation with `{ error }` in Portuguese, and this is
// where that answer is written. Other parser errors keep Node's own answers, with a body too.

export const HEADERS_TOO_LARGE = 'O endereço ou os cabeçalhos da requisição são grandes demais: encurte a busca ou a URL.'
export const MALFORMED_REQUEST = 'Requisição HTTP malformada.'

function answer(socket: Duplex, status: number, reason: string, message: string) {
  const body = JSON.stringify({ error: message })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/** Answers the parser's refusals in the API's shape: 431 for an address or headers too large. */
export function answerClientErrors(server: Server) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing can be written to a socket already gone, or once an answer has started.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { bytesWritten?: number }).bytesWritten) {
      socket.destroy()
      return
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') answer(socket, 431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE)
    else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answer(socket, 408, 'Request Timeout', 'Tempo esgotado para enviar a requisição.')
    else answer(socket, 400, 'Bad Request', MALFORMED_REQUEST)
  })
  return server
}
