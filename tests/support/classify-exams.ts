// Synthetic exams for the classification desk's tests (ADR 052): blocks of questions whose words
// only their discipline uses, among them "Direito Espacial", which the shipped model does not know.

/** Words only one discipline uses, so that a model trained on the bank tells them apart. */
export const VOCABULARY: Record<string, string[]> = {
  'Direito Constitucional': [
    'constituição',
    'emenda',
    'supremo',
    'federativa',
    'mandado',
    'injunção',
    'poder',
    'constituinte',
    'senado',
    'congresso',
    'plebiscito',
    'soberania',
  ],
  'Direito Penal': [
    'crime',
    'pena',
    'dolo',
    'culpa',
    'homicídio',
    'furto',
    'reclusão',
    'detenção',
    'tentativa',
    'agente',
    'delito',
    'roubo',
  ],
  'Direito Civil': [
    'contrato',
    'posse',
    'propriedade',
    'usucapião',
    'herança',
    'testamento',
    'casamento',
    'obrigação',
    'credor',
    'devedor',
    'locação',
    'servidão',
  ],
  'Direito Espacial': [
    'órbita',
    'satélite',
    'lunar',
    'astronauta',
    'foguete',
    'cosmos',
    'espacial',
    'galáxia',
    'lançamento',
    'asteroide',
    'estação',
    'sideral',
  ],
}
export const ORDER = ['Direito Constitucional', 'Direito Civil', 'Direito Penal', 'Direito Espacial']

/** A deterministic generator: the same exams every run. */
function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s / 2147483648
  }
}

/** An exam TXT: `perBlock` questions of each discipline in ORDER, labelled or "Não classificada". */
export function examFile(
  name: string,
  seed: number,
  options: { perBlock?: number; label?: (discipline: string, n: number) => boolean } = {},
) {
  const next = random(seed)
  const perBlock = options.perBlock ?? 20
  const label = options.label ?? (() => true)
  const lines = [`PROVA: ${name}`, 'ANO: 2024', 'BANCA: FGV']
  let n = 0
  for (const discipline of ORDER)
    for (let i = 0; i < perBlock; i++) {
      n++
      const words = VOCABULARY[discipline]
      const pick = () => words[Math.floor(next() * words.length)]
      lines.push(
        `QUESTAO: ${n}`,
        `DISCIPLINA: ${label(discipline, n) ? discipline : 'Não classificada'}`,
        'ENUNCIADO:',
        `Sobre ${pick()} e ${pick()}, considerando ${pick()} e ${pick()}, assinale a alternativa correta.`,
        `A) ${pick()} ${pick()}`,
        `B) ${pick()} ${pick()}`,
        `C) ${pick()} ${pick()}`,
        `D) ${pick()} ${pick()}`,
        'GABARITO: A',
      )
    }
  return Buffer.from(`${lines.join('\n')}\n`)
}

export const DISCIPLINES = Buffer.from(JSON.stringify({ disciplinas: ORDER.map((nome) => ({ nome, assuntos: [] })) }))
