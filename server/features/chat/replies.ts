import type { Db } from '../../db/index'
import type { PlanName } from '../../db/schema'

// The seam between the conversation (history, gating, routes) and whatever writes the
// assistant's answer (ADR 023). Today one implementation answers from our own bank
// (bank-replies.ts); a language-model provider would be a second one chosen by config.

export type ChatLink = { label: string; href: string }

export type Reply = {
  content: string
  /** Pages of this site only (paths starting with '/'): questions, filtered lists, searches. */
  links: ChatLink[]
}

export type ReplyInput = {
  /** The student's message, already validated (chatContent). */
  message: string
  user: { id: string; planName: PlanName }
  db: Db
}

export interface ReplyGenerator {
  reply(input: ReplyInput): Promise<Reply>
}
