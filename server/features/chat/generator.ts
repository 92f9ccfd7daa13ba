import { bankReplies } from './bank-replies'
import type { ReplyGenerator } from './replies'

/**
 * The reply generator this process uses (ADR 023). Today the only one answers from our own
 * bank; a language-model provider would be chosen here from the config, behind the same routes.
 */
export function replyGenerator(): ReplyGenerator {
  return bankReplies
}
