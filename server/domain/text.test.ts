import { describe, expect, it } from 'vitest'

import { markupExcerpt, nameKey } from './text'

describe('names and excerpts', () => {
  it('matches names without regard to accents, case or spacing (import-formats §1)', () => {
    expect(nameKey('  Direito   Constitucional ')).toBe('direito constitucional')
    expect(nameKey('Ética Profissional')).toBe(nameKey('etica profissional'))
    expect(nameKey('Direito Civil')).not.toBe(nameKey('Direito Penal'))
  })

  it('gives a question’s first characters as one plain line, cut with an ellipsis', () => {
    expect(markupExcerpt('<p>Art. 5º <b>caput</b></p>\n<p>da CF</p>', 100)).toBe('Art. 5º caput da CF')
    expect(markupExcerpt('uma frase bem mais longa do que o limite', 12)).toBe('uma frase b…')
    expect(markupExcerpt('curta', 12)).toBe('curta')
  })
})
