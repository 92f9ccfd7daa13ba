// The simulado pages' one reading of `:id`: anything but a database id is the same 404 the API
// gives another student's simulado.

export const SIMULATION_NOT_FOUND_PAGE = 'Simulado não encontrado'

export function simulationIdOf(raw: string | undefined) {
  const id = Number(raw)
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new Response(SIMULATION_NOT_FOUND_PAGE, { status: 404 })
  return id
}
