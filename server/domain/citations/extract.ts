// The legal basis a question cites (issue 38 §4, ADR 055): statutes, codes and súmulas found in
// its statement, alternatives and analysis, normalised to one key per norm (a code and the law
// that enacted it are one norm), with the article when the text gives one. Federal laws are
// numbered in one sequence since 1946, so the number names a law; "CPC" before 2016 is the 1973
// code. Precision over recall: a bare "súmula 7" with no court is left out.

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

type Code = { key: string; label: string; url: string }

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
  [/\b(codigo de defesa do consumidor|cdc)\b/g, 'cdc'],
  [/\b(estatuto da crianca e do adolescente|eca)\b/g, 'eca'],
  [/\b(estatuto da (advocacia|oab|ordem dos advogados do brasil)( e da (oab|ordem dos advogados do brasil))?|eaoab|eoab)\b/g, 'eoab'],
  [/\b(codigo de etica( e disciplina)?( da oab| da ordem dos advogados do brasil)?|ced)\b/g, 'ced'],
]

const LAW =
  /\b(lei complementar|lei federal|lei|lc|decreto-lei|decreto lei|dl)\s*(?:n\s*[.o]?\s*|no\.?\s*|numero\s*)?(\d{1,2}\.?\d{3}|\d{2,4})\b(?:\s*\/\s*(\d{2,4})|,? de (?:\d{1,2} de [a-z]+ de )?(\d{4}))?/g
const SUMULA = /\b(sumula|enunciado)( vinculante)?\s*(?:n\s*[.o]?\s*|no\.?\s*)?(\d{1,4})(?:\s*(?:do|\/)\s*(stf|stj|tst|tse))?/g
const ARTICLE = /\bart(?:igo|s?\.|s\b)?\s*(\d{1,4})\s*(?:o|º|°)?(?:-([a-z]))?\b/g

function fullYear(text: string | undefined) {
  if (!text) return null
  const n = Number(text)
  return text.length === 4 ? n : n > 30 ? 1900 + n : 2000 + n
}

const thousands = (n: string) => n.replace(/\B(?=(\d{3})+$)/g, '.')

function lawCitation(kind: string, number: string, year: number | null): Omit<Citation, 'article'> {
  const prefix = kind.startsWith('decreto') || kind === 'dl' ? 'dl' : kind === 'lc' || kind === 'lei complementar' ? 'lc' : 'lei'
  const key = `${prefix}:${number}`
  const code = CODE_OF_LAW[key]
  if (code) return CODES[code]
  const word = prefix === 'dl' ? 'Decreto-Lei' : prefix === 'lc' ? 'Lei Complementar' : 'Lei'
  const kindUrn = prefix === 'dl' ? 'decreto.lei' : prefix === 'lc' ? 'lei.complementar' : 'lei'
  return {
    key,
    label: `${word} ${thousands(number)}${year ? `/${year}` : ''}`,
    url: year ? `https://www.lexml.gov.br/urn/urn:lex:br:federal:${kindUrn}:${year};${number}` : null,
  }
}

type Found = { at: number; end: number; citation: Omit<Citation, 'article'> }

/** Every norm named in `folded`, where it is; `original` (same length) tells a capital C. */
function norms(folded: string, original: string, examYear: number | null): Found[] {
  const found: Found[] = []
  for (const m of folded.matchAll(LAW)) {
    const number = m[2].replace('.', '')
    // A complementary law may have two digits (LC 87/1996); an ordinary one that short is a slip.
    if (Number(number) < (m[1] === 'lc' || m[1] === 'lei complementar' ? 10 : 100)) continue
    found.push({ at: m.index, end: m.index + m[0].length, citation: lawCitation(m[1], number, fullYear(m[3] ?? m[4])) })
  }
  for (const [pattern, code] of CODE_NAMES) {
    for (const m of folded.matchAll(pattern)) {
      if (found.some((f) => m.index >= f.at && m.index < f.end)) continue
      // "a constituição do crédito" is not the Constitution: a bare one must be written with a capital.
      if (m[0] === 'constituicao' && original[m.index] !== 'C') continue
      let key = code
      if (code === 'cpc')
        key = /73/.test(m[0]) ? 'cpc1973' : /15|novo/.test(m[0]) ? 'cpc2015' : (examYear ?? 2016) >= 2016 ? 'cpc2015' : 'cpc1973'
      found.push({ at: m.index, end: m.index + m[0].length, citation: CODES[key] })
    }
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

/** The norm an article belongs to: the next one past the article's parts ("art. 5º, LXX, da CF"), else the one just before ("CLT, art. 482", "a CF, em seu artigo 222"). */
function ownerOf(folded: string, found: Found[], at: number, end: number) {
  const after = found.find((f) => f.at >= end && f.at - end <= 80)
  if (after) {
    const words = folded
      .slice(end, after.at)
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
    if (words.length && LINKS.test(words[words.length - 1]) && words.slice(0, -1).every((w) => ARTICLE_PARTS.test(w))) return after
  }
  const before = [...found].reverse().find((f) => f.end <= at && at - f.end <= 16)
  if (before && /^[\s,]*((em|no|pelo) seus?\s*)?$/.test(folded.slice(before.end, at))) return before
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
    if (!owner) continue
    add(owner.citation, `art. ${m[1]}${m[2] ? `-${m[2].toUpperCase()}` : ''}`)
    withArticle.add(owner.citation.key)
  }
  for (const f of found) if (!withArticle.has(f.citation.key)) add(f.citation, null)
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
