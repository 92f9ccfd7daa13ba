// Synthetic exam files in the import format (docs/import-formats.md), for the import
// benchmark and the scale-out test: realistic sizes, every question valid.
const DISCIPLINES: [string, string[]][] = [
  ['Direito Civil', ['Contratos', 'Responsabilidade Civil', 'Posse e Propriedade']],
  ['Direito Penal', ['Crimes contra a Pessoa', 'Teoria do Crime']],
  ['Direito Constitucional', ['Direitos Fundamentais', 'Controle de Constitucionalidade']],
  ['Direito Administrativo', ['Licitações', 'Atos Administrativos']],
]

export function examFile(options: { name: string; year: number; board?: string; count: number; discipline?: string; topic?: string }) {
  const lines = [`Prova: ${options.name}`, `Ano: ${options.year}`, `Banca: ${options.board ?? 'Gabarita'}`, 'Órgão: OAB', '']
  for (let n = 1; n <= options.count; n++) {
    const [discipline, topics] = DISCIPLINES[n % DISCIPLINES.length]
    lines.push(
      `QUESTAO: ${n}`,
      `Disciplina: ${options.discipline ?? discipline}`,
      `Assuntos: ${options.topic ?? `${topics[n % topics.length]}; ${topics[(n + 1) % topics.length]}`}`,
      `Dificuldade: ${['Fácil', 'Médio', 'Difícil'][n % 3]}`,
      'Enunciado:',
      `Questão ${n} da prova ${options.name}: sobre a usucapião extraordinária e o prazo da posse mansa e pacífica, ` +
        'considerando a boa-fé do possuidor, o justo título e a função social da propriedade, assinale a alternativa correta ' +
        'de acordo com o Código Civil e a jurisprudência do Superior Tribunal de Justiça.',
      'A) O prazo é de quinze anos, independentemente de título e boa-fé.',
      'B) O prazo é de dez anos, exigidos justo título e boa-fé.',
      'C) O prazo é de cinco anos para imóveis urbanos de até 250 m².',
      'D) A usucapião não se aplica a bens públicos dominicais.',
      'E) Nenhuma das alternativas anteriores.',
      `Gabarito: ${'ABCDE'[n % 5]}`,
      'Explicação:',
      'Art. 1.238 do Código Civil: quinze anos, reduzidos a dez se o possuidor houver estabelecido no imóvel a sua moradia.',
      '',
    )
  }
  return Buffer.from(lines.join('\n'), 'utf8')
}

/** A multipart body of several files in the `file` field, as the admin upload reads it. */
export function multipartBody(files: { name: string; bytes: Buffer }[]) {
  const boundary = `----gabarita${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}
