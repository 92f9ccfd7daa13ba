// The legal basis a question cites (issue 38 §4, ADR 055): statutes, codes and súmulas found in
// its statement, alternatives and analysis, normalised to one key per norm (a code and the law
// that enacted it are one norm), with the article when the text gives one. Federal laws are
// numbered in one sequence since 1946, so the number names a law; "CPC" before 2016 is the 1973
// code. Precision over recall: a bare "súmula 7" with no court is left out. A state, municipal or
// hypothetical law is read as such and left out (no federal link, no filter): issue 63 §4.

export type Citation = {
  /** One norm: `cf`, `cpc2015`, `lei:8666`, `lc:123`, `dl:3689`, `sumula:stf:473`, `sv:13`. */
  key: string
  /** As students read it: "CF/1988", "Lei 8.666/1993", "Súmula 473 do STF". */
  label: string
  /** "art. 5º" when the text names one, else null. */
  article: string | null
  /** The official text (Planalto, LexML, STF), or null when none is stable. */
  url: string | null
}

type Code = { key: string; label: string; url: string | null }

const thousands = (n: string) => n.replace(/\B(?=(\d{3})+$)/g, '.')

const PLANALTO = 'https://www.planalto.gov.br/ccivil_03'
const CODES: Record<string, Code> = {
  cf: { key: 'cf', label: 'CF/1988', url: `${PLANALTO}/constituicao/constituicao.htm` },
  cc: { key: 'cc', label: 'Código Civil (Lei 10.406/2002)', url: `${PLANALTO}/leis/2002/l10406compilada.htm` },
  cpc2015: { key: 'cpc2015', label: 'CPC/2015 (Lei 13.105/2015)', url: `${PLANALTO}/_ato2015-2018/2015/lei/l13105.htm` },
  cpc1973: { key: 'cpc1973', label: 'CPC/1973 (Lei 5.869/1973)', url: `${PLANALTO}/leis/l5869.htm` },
  cp: { key: 'cp', label: 'Código Penal (Decreto-Lei 2.848/1940)', url: `${PLANALTO}/decreto-lei/del2848compilado.htm` },
  cpp: { key: 'cpp', label: 'CPP (Decreto-Lei 3.689/1941)', url: `${PLANALTO}/decreto-lei/del3689.htm` },
  clt: { key: 'clt', label: 'CLT (Decreto-Lei 5.452/1943)', url: `${PLANALTO}/decreto-lei/del5452.htm` },
  ctn: { key: 'ctn', label: 'CTN (Lei 5.172/1966)', url: `${PLANALTO}/leis/l5172compilado.htm` },
  cdc: { key: 'cdc', label: 'CDC (Lei 8.078/1990)', url: `${PLANALTO}/leis/l8078compilado.htm` },
  eca: { key: 'eca', label: 'ECA (Lei 8.069/1990)', url: `${PLANALTO}/leis/l8069.htm` },
  eoab: { key: 'eoab', label: 'Estatuto da Advocacia (Lei 8.906/1994)', url: `${PLANALTO}/leis/l8906.htm` },
  ced: {
    key: 'ced',
    label: 'Código de Ética e Disciplina da OAB',
    url: 'https://www.oab.org.br/publicacoes/AbrirPDF?LivroId=0000004085',
  },
  // Its own norm: the Regulamento Geral is not the Estatuto it regulates.
  'codigo-florestal': { key: 'codigo-florestal', label: 'Código Florestal', url: null },
  rgeoab: { key: 'rgeoab', label: 'Regulamento Geral do Estatuto da Advocacia e da OAB', url: null },
  // Treaties, as the decree that promulgated each one in Brazil.
  'carta-onu': treaty('carta-onu', 'Carta das Nações Unidas', 1945, 19841),
  'estatuto-roma': treaty('estatuto-roma', 'Estatuto de Roma do Tribunal Penal Internacional', 2002, 4388),
  cadh: treaty('cadh', 'Convenção Americana sobre Direitos Humanos (Pacto de San José da Costa Rica)', 1992, 678),
  pidcp: treaty('pidcp', 'Pacto Internacional sobre Direitos Civis e Políticos', 1992, 592),
  pidesc: treaty('pidesc', 'Pacto Internacional sobre Direitos Econômicos, Sociais e Culturais', 1992, 591),
  'conv-cedaw': treaty('conv-cedaw', 'Convenção sobre a Eliminação de Todas as Formas de Discriminação contra a Mulher', 2002, 4377),
  'conv-genocidio': treaty('conv-genocidio', 'Convenção para a Prevenção e a Repressão do Crime de Genocídio', 1952, 30822),
  'conv-tortura': treaty('conv-tortura', 'Convenção Interamericana para Prevenir e Punir a Tortura', 1989, 98386),
  'conv-deficiencia': treaty('conv-deficiencia', 'Convenção sobre os Direitos das Pessoas com Deficiência', 2009, 6949),
  'conv-viena': treaty('conv-viena', 'Convenção de Viena sobre o Direito dos Tratados', 2009, 7030),
}

function treaty(key: string, name: string, year: number, decree: number): Code {
  return {
    key,
    label: `${name} (Decreto ${thousands(String(decree))}/${year})`,
    url: `https://www.lexml.gov.br/urn/urn:lex:br:federal:decreto:${year};${decree}`,
  }
}

/** Whether a key names a norm this reader can cite ("cc", "lei:8666", "sumula:stf:473"): what a topic's article range may refer to. */
export function isNormKey(key: string) {
  return (
    key in CODES ||
    /^(lei|lc|dl|decreto|ec):\d{1,6}$/.test(key) ||
    /^sumula:(stf|stj|tst|tse):\d{1,4}$/.test(key) ||
    /^sv:\d{1,3}$/.test(key)
  )
}

/** Laws that are a code: the same norm under its name. */
const CODE_OF_LAW: Record<string, string> = {
  'lei:10406': 'cc',
  'lei:13105': 'cpc2015',
  'lei:5869': 'cpc1973',
  'lei:5172': 'ctn',
  'lei:8078': 'cdc',
  'lei:8069': 'eca',
  'lei:8906': 'eoab',
  'dl:2848': 'cp',
  'dl:3689': 'cpp',
  'dl:5452': 'clt',
}

/**
 * A norm's key as this reader writes it ('clt', 'lei:8666', 'ec:45', 'sumula:stf:473'), from a key
 * typed by hand: a code's law by its number gives the code ('lei:8906' is 'eoab'); null when it is
 * no key this reader writes (the admin's scope form, ADR 091).
 */
export function normKey(typed: string): string | null {
  const key = typed.trim().toLowerCase()
  if (Object.hasOwn(CODES, key)) return key
  const law = /^(lei|lc|dl|decreto):(\d{2,5})$/.exec(key)
  if (law) {
    const plain = `${law[1]}:${Number(law[2])}`
    return CODE_OF_LAW[plain] ?? plain
  }
  return /^(ec:\d{1,3}|sv:\d{1,4}|sumula:(stf|stj|tst|tse):\d{1,4})$/.test(key) ? key.replace(/:0+(?=\d)/g, ':') : null
}

/** Names and abbreviations of the codes, folded (no accents, lower case); `cpc` depends on the exam's year. */
const CODE_NAMES: [RegExp, string][] = [
  // A bare "Constituição" is the Federal one unless a state's is named.
  [
    /\b(constituicao (federal|da republica|do brasil|brasileira)( de 1988)?|constituicao(?! (estadual|do estado|dos estados|estaduais))|texto constitucional|carta (magna|constitucional)|crfb(\/88)?|cf(\/88)?)\b/g,
    'cf',
  ],
  [/\b(codigo de processo civil|cpc(\/(73|1973|15|2015))?|novo cpc)\b/g, 'cpc'],
  [/\b(codigo de processo penal|cpp)\b/g, 'cpp'],
  [/\b(codigo civil|cc(\/02)?)\b/g, 'cc'],
  [/\b(codigo penal|cp)\b/g, 'cp'],
  [/\b(consolidacao das leis do trabalho|clt)\b/g, 'clt'],
  [/\b(codigo tributario nacional|ctn)\b/g, 'ctn'],
  [/\b(codigo de (protecao e )?defesa do consumidor|codigo (de protecao )?do consumidor|cdc)\b/g, 'cdc'],
  [/\b(estatuto da crianca e do adolescente|eca)\b/g, 'eca'],
  [/\bregulamento geral( do estatuto da (advocacia|oab)( e da (oab|ordem dos advogados do brasil))?| da (advocacia|oab))?\b/g, 'rgeoab'],
  [/\b(estatuto da (advocacia|oab|ordem dos advogados do brasil)( e da (oab|ordem dos advogados do brasil))?|eaoab|eoab)\b/g, 'eoab'],
  // "Nos termos do Estatuto," (capital E, no other statute named after it): the Estatuto da Advocacia.
  [/\bestatuto\b(?! d[aeo]s? )(?! (de|social|juridico|funcional))/g, 'eoab'],
  [/\b(carta (das nacoes unidas|da onu))\b/g, 'carta-onu'],
  [/\bestatuto de roma\b/g, 'estatuto-roma'],
  // Lei 4.771/1965 until 2012, Lei 12.651/2012 since: the name, not one law.
  [/\bcodigo florestal\b/g, 'codigo-florestal'],
  [/\b(convencao (inter)?americana (sobre|de) direitos humanos|pacto de (san|sao) jose( da costa rica)?)\b/g, 'cadh'],
  [/\bpacto internacional (sobre|dos|de) direitos economicos,? sociais e culturais\b/g, 'pidesc'],
  [/\bconvencao sobre (a )?eliminacao de todas as formas de discriminacao contra a mulher\b/g, 'conv-cedaw'],
  [/\bpacto internacional (sobre|dos|de) direitos civis e politicos\b/g, 'pidcp'],
  [/\bconvencao para a prevencao e (a )?repressao do crime de genocidio\b/g, 'conv-genocidio'],
  [/\bconvencao interamericana para prevenir e punir a tortura\b/g, 'conv-tortura'],
  [/\bconvencao (internacional )?sobre os direitos das pessoas com deficiencia\b/g, 'conv-deficiencia'],
  [/\bconvencao de viena sobre (o )?direito dos tratados\b/g, 'conv-viena'],
  [/\b(codigo de etica( e disciplina)?( da oab| da ordem dos advogados do brasil)?|ced)\b/g, 'ced'],
]

/** Laws students know by name (the number is the same law whatever the exam's year). */
const NAMED_LAWS: [RegExp, string, number][] = [
  [/\blei maria da penha\b/g, 'lei:11340', 2006],
  [/\blei de execucao penal\b|\blep\b/g, 'lei:7210', 1984],
  [/\blei de improbidade( administrativa)?\b/g, 'lei:8429', 1992],
  [/\blei de introducao as normas do direito brasileiro\b|\blindb\b/g, 'dl:4657', 1942],
  [/\blei (de )?drogas\b|\blei antidrogas\b/g, 'lei:11343', 2006],
  [/\blei (da|de) acao civil publica\b/g, 'lei:7347', 1985],
  [/\blei do inquilinato\b/g, 'lei:8245', 1991],
  [/\blei de falencias( e recuperacao de empresas)?\b/g, 'lei:11101', 2005],
  [/\blei da politica nacional do meio ambiente\b/g, 'lei:6938', 1981],
  [/\bcodigo de transito brasileiro\b|\bctb\b/g, 'lei:9503', 1997],
]

const LAW =
  /\b(lei complementar(?: (?:estadual|municipal|distrital))?|lei (?:estadual|municipal|distrital|organica)|lei federal|lei|lc|decreto-lei|decreto lei|dl|decreto(?! legislativo)(?: (?:estadual|municipal))?)\s*(?:n\s*[.o]?\s*|no\.?\s*|numero\s*)?(\d{1,2}\.?\d{3}|\d{2,4})\b(?:\s*\/\s*(\d{2,4})|,? de (?:\d{1,2} de [a-z]+ de )?(\d{4}))?/g
/** A place that makes the law before it a state's or a municipality's: "Lei 1.234 do Estado X", "do Município Alfa". */
const LOCAL_AFTER = /^,?\s*(do estado|do municipio|da cidade|estadual|municipal|distrital|do distrito federal)\b/
/** The first federal law number of some years (the numbering runs on since 1946): a number far from its year's is no federal law. */
const FIRST_OF_YEAR: [number, number][] = [
  [1946, 1],
  [1950, 1000],
  [1960, 3700],
  [1964, 4300],
  [1970, 5600],
  [1973, 5860],
  [1980, 6750],
  [1985, 7300],
  [1988, 7600],
  [1990, 7990],
  [1993, 8600],
  [1995, 8980],
  [2000, 9960],
  [2002, 10400],
  [2005, 11100],
  [2009, 11900],
  [2010, 12200],
  [2015, 13100],
  [2017, 13400],
  [2019, 13800],
  [2021, 14100],
  [2023, 14500],
  [2025, 15080],
  [2027, 15600],
]

/** Whether an ordinary law's number fits its year (1,000 of slack either side: exams misdate laws, "Lei 10.098/2003" is of 2000). */
function federalYearFits(number: number, year: number) {
  const next = FIRST_OF_YEAR.findIndex(([y]) => y > year)
  if (next <= 0) return true
  const [y0, n0] = FIRST_OF_YEAR[next - 1]
  const [y1, n1] = FIRST_OF_YEAR[next]
  const low = n0 + ((n1 - n0) * (year - y0)) / (y1 - y0)
  const high = n0 + ((n1 - n0) * (year + 1 - y0)) / (y1 - y0)
  return number >= low - 1000 && number <= high + 1000
}

/** A number a question makes up ("Lei nº 123", "Lei 1.234", "Lei 12.345"): the digits counting up from 1. */
const madeUp = (number: string) => '1234567890'.startsWith(number)
const SUMULA =
  /\b(sumula|enunciado|verbete)( vinculante)?\s*(?:n\s*[.o]?\s*|no\.?\s*)?(\d{1,4})(?:\s*(?:do|\/|da sumula(?: de jurisprudencia)?(?: dominante)? do)\s*(stf|stj|tst|tse))?/g
/** A constitutional amendment: "EC 41/2003", "Emenda Constitucional nº 45, de 2004". */
const AMENDMENT =
  /\b(?:ec|emenda constitucional)\s*(?:n\s*[.o]?\s*|no\.?\s*)?(\d{1,3})\b(?:\s*\/\s*(\d{2,4})|,? de (?:\d{1,2} de [a-z]+ de )?(\d{4}))?/g
const ARTICLE_NUMBER = String.raw`(\d{1,2}\.\d{3}|\d{1,4})\s*(?:o|º|°)?(?:-([a-z]))?\b`
/** "art. 5º", "arts. 282 e 283", "artigos 1º, 2º e 3º", "arts. 5º a 7º", "art. 1.829". */
const ARTICLE = new RegExp(
  String.raw`\bart(?:igo|s?\.|s\b)?s?\s*${ARTICLE_NUMBER}((?:\s*(?:,|\be\b|\ba\b|\bao\b|\bate\b)\s*(?:\d{1,2}\.\d{3}|\d{1,4})\s*(?:o|º|°)?(?:-[a-z])?\b)*)`,
  'g',
)
/** A range of more than this many articles is read by its two ends. */
const RANGE_LIMIT = 10

/** The articles of one match: the first, then a list or range after it. */
function articlesOf(m: RegExpMatchArray) {
  const label = (n: string, letter?: string) => `art. ${Number(n.replace('.', ''))}${letter ? `-${letter.toUpperCase()}` : ''}`
  const out = [label(m[1], m[2])]
  let previous = Number(m[1].replace('.', ''))
  for (const part of (m[3] ?? '').matchAll(/(,|\be\b|\ba\b|\bao\b|\bate\b)\s*(\d{1,2}\.\d{3}|\d{1,4})\s*(?:o|º|°)?(?:-([a-z]))?/g)) {
    const n = Number(part[2].replace('.', ''))
    if (/^(a|ao|ate)$/.test(part[1]) && n > previous && n - previous <= RANGE_LIMIT)
      for (let k = previous + 1; k < n; k++) out.push(`art. ${k}`)
    out.push(label(part[2], part[3]))
    previous = n
  }
  return out
}

function fullYear(text: string | undefined) {
  if (!text) return null
  const n = Number(text)
  return text.length === 4 ? n : n > 30 ? 1900 + n : 2000 + n
}

function lawCitation(kind: string, number: string, year: number | null): Omit<Citation, 'article'> {
  const prefix =
    kind === 'decreto-lei' || kind === 'decreto lei' || kind === 'dl'
      ? 'dl'
      : kind === 'decreto'
        ? 'decreto'
        : kind === 'lc' || kind === 'lei complementar'
          ? 'lc'
          : 'lei'
  const key = `${prefix}:${number}`
  const code = CODE_OF_LAW[key]
  if (code) return CODES[code]
  const word = { dl: 'Decreto-Lei', lc: 'Lei Complementar', decreto: 'Decreto', lei: 'Lei' }[prefix]
  const kindUrn = { dl: 'decreto.lei', lc: 'lei.complementar', decreto: 'decreto', lei: 'lei' }[prefix]
  return {
    key,
    label: `${word} ${thousands(number)}${year ? `/${year}` : ''}`,
    url: year ? `https://www.lexml.gov.br/urn/urn:lex:br:federal:${kindUrn}:${year};${number}` : null,
  }
}

/** A norm where the text names it; `local`: a state's, a municipality's or a made-up law, read so its articles go nowhere else. */
type Found = { at: number; end: number; citation: Omit<Citation, 'article'>; local?: boolean }

/** Every norm named in `folded`, where it is; `original` (same length) tells a capital C. */
function norms(folded: string, original: string, examYear: number | null): Found[] {
  const found: Found[] = []
  for (const m of folded.matchAll(LAW)) {
    const number = m[2].replace('.', '')
    const year = fullYear(m[3] ?? m[4])
    const kind = m[1]
    const end = m.index + m[0].length
    const local =
      /estadual|municipal|distrital|organica/.test(kind) ||
      LOCAL_AFTER.test(folded.slice(end, end + 30)) ||
      ((kind === 'lei' || kind === 'lei federal') &&
        (madeUp(number) || (year !== null && !federalYearFits(Number(number), year)) || (year === null && Number(number) < 1000)))
    // A complementary law may have two digits (LC 87/1996); an ordinary one that short is a slip.
    if (!local && Number(number) < (kind === 'lc' || kind === 'lei complementar' ? 10 : 100)) continue
    found.push({ at: m.index, end, citation: lawCitation(kind.replace(/ (estadual|municipal|distrital)$/, ''), number, year), local })
  }
  for (const [pattern, key, year] of NAMED_LAWS)
    for (const m of folded.matchAll(pattern)) {
      const [prefix, number] = key.split(':')
      found.push({ at: m.index, end: m.index + m[0].length, citation: lawCitation(prefix, number, year) })
    }
  for (const [pattern, code] of CODE_NAMES) {
    for (const m of folded.matchAll(pattern)) {
      if (found.some((f) => m.index >= f.at && m.index < f.end)) continue
      // "a constituição do crédito" is not the Constitution: a bare one must be written with a capital.
      if (m[0] === 'constituicao' && original[m.index] !== 'C') continue
      // "a Constituição de 1946": another of Brazil's constitutions, not 1988's.
      if (code === 'cf' && /^ de (1[0-8]\d\d|19[0-7]\d|198[0-7])\b/.test(folded.slice(m.index + m[0].length, m.index + m[0].length + 8)))
        continue
      // "o estatuto da sociedade" is a company's: a bare one must be written with a capital.
      if (m[0] === 'estatuto' && original[m.index] !== 'E') continue
      let key = code
      if (code === 'cpc')
        key = /73/.test(m[0]) ? 'cpc1973' : /15|novo/.test(m[0]) ? 'cpc2015' : (examYear ?? 2016) >= 2016 ? 'cpc2015' : 'cpc1973'
      found.push({ at: m.index, end: m.index + m[0].length, citation: CODES[key] })
    }
  }
  for (const m of folded.matchAll(AMENDMENT)) {
    const year = fullYear(m[2] ?? m[3])
    found.push({
      at: m.index,
      end: m.index + m[0].length,
      citation: {
        key: `ec:${m[1]}`,
        label: `Emenda Constitucional ${m[1]}${year ? `/${year}` : ''}`,
        url: year ? `https://www.lexml.gov.br/urn/urn:lex:br:federal:emenda.constitucional:${year};${m[1]}` : null,
      },
    })
  }
  for (const m of folded.matchAll(SUMULA)) {
    const vinculante = Boolean(m[2])
    const court = vinculante ? 'stf' : m[4]
    if (!court) continue
    const number = m[3]
    found.push({
      at: m.index,
      end: m.index + m[0].length,
      citation: vinculante
        ? {
            key: `sv:${number}`,
            label: `Súmula Vinculante ${number}`,
            url: `https://portal.stf.jus.br/jurisprudencia/sumariosumulas.asp?base=26&sumula=${number}`,
          }
        : {
            key: `sumula:${court}:${number}`,
            label: `Súmula ${number} do ${court.toUpperCase()}`,
            url: court === 'stf' ? `https://portal.stf.jus.br/jurisprudencia/sumariosumulas.asp?base=30&sumula=${number}` : null,
          },
    })
  }
  return found.sort((a, b) => a.at - b.at)
}

/** Words that may stand between an article and its norm: "art. 5º, inciso LXX, § 3º, alínea “e”, da". */
const ARTICLE_PARTS = /^(incisos?|inc|paragrafos?|unico|alineas?|caput|item|e|[ivxlc]+|[a-z]|\d+o?)$/
const LINKS = /^(da|do|de|desta|deste|dessa|desse|na|no)$/
/** Words that may stand between the link and the norm: "do referido texto constitucional". */
const BEFORE_NORM = /^(referid[oa]|mesm[oa]|citad[oa]|aludid[oa]|mencionad[oa])$/

const AFTER_NORM =
  /^[\s,]*(?:(?:dispoe|estabelece|preve|determina|prescreve|preceitua|assegura|garante|diz|trata|define|veda|autoriza)\s+)?(?:(?:em|no|nos|pelo|pelos|seus?)\s*)*$/

/** The norm an article belongs to: the next one past the article's parts ("art. 5º, LXX, da CF"), else the one just before ("CLT, art. 482", "a CF, em seu artigo 222"). */
function ownerOf(folded: string, found: Found[], at: number, end: number) {
  const after = found.find((f) => f.at >= end && f.at - end <= 80)
  if (after) {
    const words = folded
      .slice(end, after.at)
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
    while (words.length && BEFORE_NORM.test(words[words.length - 1])) words.pop()
    if (words.length && LINKS.test(words[words.length - 1]) && words.slice(0, -1).every((w) => ARTICLE_PARTS.test(w))) return after
    // "(art. 5º, XI, CRFB)": the parts, a comma, the norm.
    if (/,\s*$/.test(folded.slice(end, after.at)) && words.every((w) => ARTICLE_PARTS.test(w)) && after.at - end <= 30) return after
  }
  // Before it: "CLT, art. 482", "a CF, em seu artigo 222", "a CLT dispõe no art. 543".
  const before = [...found].reverse().find((f) => f.end <= at && at - f.end <= 40)
  if (before && AFTER_NORM.test(folded.slice(before.end, at))) return before
  return null
}

/** The citations of one text; `examYear` decides which CPC a bare "CPC" is. */
export function extractCitations(text: string, examYear: number | null = null): Citation[] {
  // Folded character for character, so an index in one is the same place in the other.
  const original = text.normalize('NFC').replace(/\s/g, ' ')
  const folded = original
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/º|°/g, 'o')
  const found = norms(folded, folded.length === original.length ? original : folded.toUpperCase(), examYear)
  const out = new Map<string, Citation>()
  const add = (c: Omit<Citation, 'article'>, article: string | null) => {
    const id = `${c.key}|${article ?? ''}`
    if (!out.has(id)) out.set(id, { ...c, article })
  }
  const withArticle = new Set<string>()
  for (const m of folded.matchAll(ARTICLE)) {
    const owner = ownerOf(folded, found, m.index, m.index + m[0].length)
    if (!owner || owner.local) continue
    for (const article of articlesOf(m)) add(owner.citation, article)
    withArticle.add(owner.citation.key)
  }
  for (const f of found) if (!f.local && !withArticle.has(f.citation.key)) add(f.citation, null)
  return [...out.values()]
}

/** The citations of a question: statement, alternatives and analysis, each norm and article once. */
export function questionCitations(
  q: { statement: string; alternatives: { text: string }[]; explanation?: string | null },
  examYear: number | null,
) {
  const text = [q.statement, ...q.alternatives.map((a) => a.text), q.explanation ?? ''].join('\n')
  return extractCitations(text, examYear)
}
