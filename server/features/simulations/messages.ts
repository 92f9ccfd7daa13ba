// The messages and numbers of the simulados (issue 29) that the contract, the router and the
// rules share (no zod, no database: the contract is imported by the pages' loaders).

export const SIMULATION_KINDS = ['exame_ordem', 'prova_anterior', 'personalizado'] as const
export type SimulationKind = (typeof SIMULATION_KINDS)[number]

export const SIMULATION_KIND_LABELS: Record<SimulationKind, string> = {
  exame_ordem: 'Exame de Ordem (1ª fase)',
  prova_anterior: 'Prova anterior',
  personalizado: 'Personalizado',
}

export { EXAME_ORDEM_MINUTES, EXAME_ORDEM_PASS, EXAME_ORDEM_SIZE, MINUTES_PER_QUESTION, PASS_SHARE } from '../../domain/exame-ordem'
export const CUSTOM_MIN_SIZE = 5
export const CUSTOM_MAX_SIZE = 120
export const CUSTOM_DEFAULT_SIZE = 20
export const CUSTOM_MAX_MINUTES = 600
/** Position and percentile appear once this many people have finished the same exam. */
export const COMPARISON_MIN_PEOPLE = 5
/** The newest simulados GET /simulations lists. */
export const LIST_LIMIT = 200

export const SIMULATION_NOT_FOUND = 'Simulado não encontrado'
export const QUESTION_NOT_IN_SIMULATION = 'Esta questão não faz parte do simulado.'
export const EXAM_NOT_FOUND = 'Prova não encontrada'
export const POSITION_INVALID = 'Posição inválida: use o número de uma questão do simulado.'
export const DEADLINE_PASSED = 'O tempo do simulado acabou: as respostas não são mais aceitas. Veja o resultado.'
export const ALREADY_FINISHED = 'Este simulado já foi entregue: as respostas não podem mais ser alteradas.'
export const ABANDONED_NOT_COMPARED = 'Encerrado sem respostas: um simulado sem nenhuma resposta não entra na comparação.'
export const NOT_FINISHED = 'O resultado sai quando o simulado for entregue (ou quando o tempo acabar).'
export const CHOICE_NOT_IN_QUESTION = 'Alternativa inválida para esta questão.'
export const SIMULATIONS_DISABLED = 'Os simulados estão desativados no momento.'
export const SIMULATIONS_FLOOD_MESSAGE = 'Você está enviando respostas rápido demais. Aguarde um pouco e tente novamente.'
export const PLANS_URL = '/trocar-plano'

/** The admin's table refuses the bucket of questions with no discipline (ADR 054). */
export const UNCLASSIFIED_IN_MIX =
  '“Não classificada” não entra na distribuição: classifique essas questões em /admin/classificacao ou escolha outras disciplinas.'

/** "Direito Eleitoral: nenhuma questão no banco — 1 questão a mais de Ética Profissional e 1 de Direito Civil" (issue 63 §3). */
export function shortfallLine(f: {
  discipline_name: string
  drawn: number
  wanted: number
  to: { discipline_name: string; count: number }[]
}) {
  const have = f.drawn === 0 ? 'nenhuma questão no banco' : `só ${f.drawn} de ${f.wanted} no banco`
  if (!f.to.length) return `${f.discipline_name}: ${have}`
  const parts = f.to.map((t, i) =>
    i === 0 ? `${t.count} ${t.count === 1 ? 'questão' : 'questões'} a mais de ${t.discipline_name}` : `${t.count} de ${t.discipline_name}`,
  )
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} e ${parts[parts.length - 1]}`
  return `${f.discipline_name}: ${have} — ${list}`
}
