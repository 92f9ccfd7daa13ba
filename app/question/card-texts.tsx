import { createContext, useContext } from 'react'

import { Markup } from './markup'

/** Statement and alternative texts by question id, for the server render of a document. */
export type CardTextMap = Map<number, { text: string; alts: string[] }>

/**
 * A page's question texts are its biggest part. On a first page load they travel once, in
 * the HTML the server renders from this context, and not again in the hydration data: the
 * loader leaves them out (app/routes/questoes.server.ts). Later loads (client navigation,
 * revalidation after an answer) carry the texts in the data as usual.
 */
export const CardTextsContext = createContext<CardTextMap | undefined>(undefined)

export function useCardTexts(id: number) {
  return useContext(CardTextsContext)?.get(id)
}

// A constant empty string, never data: it tells React to keep what the server wrote.
export const KEEP_SERVER_CONTENT = { __html: '' }

/**
 * The browser's render of a first page load, whose cards' texts only the server's HTML holds (the
 * data left them out): what the server wrote of those cards is all there is to show of them.
 */
export function useTextsOnlyInHtml(cards: { body?: unknown }[]) {
  return useContext(CardTextsContext) === undefined && cards.length > 0 && cards.every((card) => card.body == null)
}

/**
 * Question text rendered by the markup whitelist when it is known; while hydrating a first
 * page load (text left out of the data) the span keeps the server's rendering of it. The
 * keys make a later switch to the known text a fresh element, not a merge.
 */
export function CardText({ text, className }: { text: string | null | undefined; className?: string }) {
  if (text != null) return <Markup key="text" text={text} className={className} />
  return <span key="server" className={className} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_CONTENT} />
}
