// The plans feature's face: what other features, and the API's session, may use of a plan's
// rights (the catalogue, the policy, the weekly quota, the receipts for the account export).
// Everything else in this folder (checkout, subscriptions, providers) is its own business.

export type { Catalog } from './catalog'
export { getCatalog, planNames } from './catalog'
export { planLabel } from './plan-messages'
export type { Policy } from './policy'
export {
  buildPolicy,
  canCreateNotebook,
  claimQuestionUse,
  commentedAnswerAccess,
  getAccess,
  getPolicy,
  getRules,
  getUsage,
  hasFeature,
  questionsBeyondQuota,
  tookLastOfWeek,
} from './policy'
export { listUserReceipts } from './receipts'
export { planPeriodEnded, withCurrentPlan } from './subscriptions'
