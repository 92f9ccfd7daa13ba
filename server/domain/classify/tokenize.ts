/**
 * Portuguese legal text → features for the discipline classifier (ADR 051): lower case, no
 * accents, no stopwords, statute markers kept ("art", "lei", "cpc", "clt", numbers of laws),
 * and the bigrams of the words left ("codigo_civil", "justa_causa").
 */

// Function words and the words every OAB question carries ("assinale", "afirmativa", "correta").
const STOPWORDS = new Set(
  (
    'a o e as os um uma uns umas de do da dos das no na nos nas em por pelo pela pelos pelas para pra ' +
    'com sem sob sobre entre ate apos ante contra desde perante que se nao sim ja mais menos muito muita ' +
    'muitos muitas pouco ser sao foi era sera seria estar esta esta estao estava este esse essa isso isto ' +
    'aquele aquela aquilo esses essas estes estas aqueles aquelas seu sua seus suas meu minha ele ela eles ' +
    'elas lhe lhes quem qual quais quando onde como porque pois mas ou nem tambem so ainda ha havia tem ' +
    'ter tendo sido sendo pode podem deve devem caso cada todo toda todos todas outro outra outros outras ' +
    'mesmo mesma tal tais assim entao logo bem apenas qualquer quaisquer alguma algum alguns algumas ' +
    'nenhum nenhuma ao aos à às num numa dum duma lo la los las me te nos vos si ' +
    'assinale alternativa alternativas afirmativa afirmativas correta corretas correto corretos incorreta ' +
    'incorretas incorreto opcao opcoes resposta acordo hipotese situacao luz considerando respeito ' +
    'acima abaixo seguir seguinte seguintes referida referido questao determinado determinada'
  ).split(/\s+/),
)

/** Short words that still say which law a question is about. */
const KEEP_SHORT = new Set(['cf', 'cc', 'cp', 'oab', 'stf', 'stj', 'tst', 'mp', 'ms', 'iv', 'ii'])

export function fold(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/** The words of a text: folded, numbers with thousand dots joined ("8.906" → "8906"), stopwords out. */
export function words(text: string): string[] {
  const folded = fold(text)
    .replace(/<\/?[a-z]+>/g, ' ')
    .replace(/(\d)\.(\d{3})/g, '$1$2')
  const out: string[] = []
  for (const word of folded.split(/[^a-z0-9]+/)) {
    if (!word || STOPWORDS.has(word)) continue
    if (/^\d+$/.test(word)) {
      // Law numbers (8906, 8078) and years say something; "1" or "10" of a count do not.
      if (word.length >= 3) out.push(word)
      continue
    }
    if (word.length < 3 && !KEEP_SHORT.has(word)) continue
    out.push(word)
  }
  return out
}

/** Unigrams and bigrams of a question's text (statement and alternatives together). */
export function features(text: string): string[] {
  const list = words(text)
  const out = list.slice()
  for (let i = 1; i < list.length; i++) out.push(`${list[i - 1]}_${list[i]}`)
  return out
}

/** The text the classifier reads for a question. */
export function questionText(question: { statement: string; alternatives: { text: string }[] }) {
  return [question.statement, ...question.alternatives.map((a) => a.text)].join('\n')
}
