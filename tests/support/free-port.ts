import net from 'node:net'

/** A port free on this machine now, from the system: a fixed range met MariaDB's 3306 here. */
export async function freePort() {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
