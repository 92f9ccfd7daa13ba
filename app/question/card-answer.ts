import type { Toast } from '~/utils/toast.server'

import type { AnswerActionData, CardView } from './answer-parts'
import type { WeeklyQuota } from './weekly-quota'

/**
 * What a list card's answer returns with JavaScript (app/question/actions.server.ts): the verdict,
 * and what the page would otherwise reload its loaders for (issue 66): the flash message, the
 * week's quota line and the card's last result. `reload: false` when all of it is here
 * (app/utils/reload-flag.ts).
 */
export type CardAnswerData = AnswerActionData & {
  reload?: false
  toast?: Toast
  /** The week's quota after this answer; null on an unlimited plan. */
  weekly?: WeeklyQuota | null
  /** The card's 'Você acertou · dd/mm' after this answer (an annulled question records none). */
  last?: CardView['last']
}
