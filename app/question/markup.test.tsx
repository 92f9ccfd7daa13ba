import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { Markup, parseMarkup } from './markup'

const html = (text: string) => renderToStaticMarkup(<Markup text={text} className="m" />)

describe('question markup', () => {
  it('renders the whitelisted tags as elements', () => {
    expect(html('A <n>negrito</n> e <i>itálico</i><br>linha')).toBe(
      '<span class="m">A <strong class="font-bold">negrito</strong> e <em class="italic">itálico</em><br/>linha</span>',
    )
    expect(html('<red>R</red><blue>B</blue><green>G</green>')).toContain('data-color="red">R</strong>')
    expect(html('<green>ok</green>')).toContain('text-green-700')
    expect(html('x<br/>y<BR>z')).toBe('<span class="m">x<br/>y<br/>z</span>')
  })

  it('nests tags', () => {
    expect(html('<n>um <i>dois</i></n>')).toBe('<span class="m"><strong class="font-bold">um <em class="italic">dois</em></strong></span>')
  })

  it('shows any other tag as escaped text', () => {
    const out = html('<script>alert(1)</script><img src=x onerror="alert(2)"><b>b</b>')
    expect(out).not.toContain('<script')
    expect(out).not.toContain('<img')
    expect(out).not.toContain('<b>')
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;&lt;b&gt;b&lt;/b&gt;')
  })

  it('does not let attributes into whitelisted tags', () => {
    const out = html('<n onclick="alert(1)">x</n>')
    expect(out).not.toContain('<strong onclick')
    expect(out).toContain('&lt;n onclick=&quot;alert(1)&quot;&gt;x&lt;/n&gt;')
  })

  it('keeps unbalanced tags as text', () => {
    expect(html('a </n> b')).toBe('<span class="m">a &lt;/n&gt; b</span>')
    expect(html('<n>aberto sem fechar')).toBe('<span class="m">&lt;n&gt;aberto sem fechar</span>')
    expect(parseMarkup('<n>a<i>b</n>c')).toEqual([{ tag: 'n', children: ['a<i>b'] }, 'c'])
  })
})
