// Server-only door to the admin billing API client (issue 10: /admin/recursos,
// /admin/assinaturas, /admin/usuarios), so the HTTP client never reaches the browser bundle.
export {
  getFeatureToggles,
  getUser,
  grantPlan,
  listPayments,
  listSubscriptions,
  searchUsers,
  setUserAdmin,
  updateFeatureToggles,
} from '#server/client/admin-billing'
export { ApiError } from '#server/client/core'
