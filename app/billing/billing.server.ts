// Server-only door to the billing API client (issue 10): route modules import the calls from
// here, so nothing of the HTTP client can reach a browser bundle.
export {
  cancelSubscription,
  changePlan,
  getCheckout,
  getPlans,
  getPolicy,
  getSubscription,
  resumeSubscription,
  startCheckout,
} from '#server/client/billing'
export { ApiError } from '#server/client/core'
