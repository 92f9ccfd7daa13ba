import type { ReactNode } from 'react'
import { memo } from 'react'

// Question texts carry a tiny markup (spec section 3): <n> bold, <i> italic,
// <red>/<blue>/<green> coloured bold, <br> line break. Only these tags become
// elements; anything else (including <script>, attributes, event handlers)
// stays text, which React escapes. No HTML string ever reaches the DOM.

type Tag = 'n' | 'i' | 'red' | 'blue' | 'green'
type Node = string | { tag: Tag; children: Node[] } | { tag: 'br' }

const TOKEN = /<\s*(\/?)\s*(n|i|red|blue|green|br)\s*(\/?)\s*>/gi

export function parseMarkup(text: string): Node[] {
  const root: Node[] = []
  const stack: { tag: Tag; raw: string; children: Node[] }[] = []
  const current = () => (stack.length ? stack[stack.length - 1].children : root)
  const pushText = (value: string) => {
    if (!value) return
    const list = current()
    const last = list[list.length - 1]
    if (typeof last === 'string') list[list.length - 1] = last + value
    else list.push(value)
  }
  let index = 0
  for (const match of text.matchAll(TOKEN)) {
    pushText(text.slice(index, match.index))
    index = match.index! + match[0].length
    const [raw, closing, name] = match
    const tag = name.toLowerCase() as Tag | 'br'
    if (tag === 'br') {
      if (closing) pushText(raw)
      else current().push({ tag: 'br' })
      continue
    }
    if (!closing) {
      stack.push({ tag, raw, children: [] })
      continue
    }
    // A closing tag closes the nearest open one of its name; a stray one is text.
    const at = stack.map((s) => s.tag).lastIndexOf(tag)
    if (at === -1) {
      pushText(raw)
      continue
    }
    while (stack.length > at + 1) unwindOne(stack, root, true)
    const open = stack.pop()!
    ;(stack.length ? stack[stack.length - 1].children : root).push({ tag: open.tag, children: open.children })
  }
  pushText(text.slice(index))
  while (stack.length) unwindOne(stack, root, true)
  return root
}

/** An opening tag never closed: shown as the text it was, its content kept. */
function unwindOne(stack: { tag: Tag; raw: string; children: Node[] }[], root: Node[], asText: boolean) {
  const open = stack.pop()!
  const parent = stack.length ? stack[stack.length - 1].children : root
  if (asText) {
    const nodes: Node[] = [open.raw, ...open.children]
    for (const node of nodes) {
      const last = parent[parent.length - 1]
      if (typeof node === 'string' && typeof last === 'string') parent[parent.length - 1] = last + node
      else parent.push(node)
    }
  }
}

const CLASSES: Record<Tag, string> = {
  n: 'font-bold',
  i: 'italic',
  red: 'font-bold text-red-700 dark:text-red-400',
  blue: 'font-bold text-blue-700 dark:text-blue-400',
  green: 'font-bold text-green-700 dark:text-green-400',
}

function render(nodes: Node[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${keyPrefix}.${i}`
    if (typeof node === 'string') return node
    if (node.tag === 'br') return <br key={key} />
    const children = render(node.children, key)
    if (node.tag === 'n')
      return (
        <strong key={key} className={CLASSES.n}>
          {children}
        </strong>
      )
    if (node.tag === 'i')
      return (
        <em key={key} className={CLASSES.i}>
          {children}
        </em>
      )
    return (
      <strong key={key} className={CLASSES[node.tag]} data-color={node.tag}>
        {children}
      </strong>
    )
  })
}

/**
 * Renders question markup as React elements (whitelist only). Memoised: a card that renders again
 * (hydration's second pass, a choice, a reveal) does not parse its statement again (issue 41).
 */
export const Markup = memo(function Markup({ text, className }: { text: string; className?: string }) {
  return <span className={className}>{render(parseMarkup(text), 'm')}</span>
})
