// The accounts API calls for routes: a .server module, so the API client (undici)
// never reaches the browser bundle. The auth routes are called through their contract
// (call(api, authApi.…), server/features/auth/contract.ts).
export { getProfile, updateProfile } from '#server/client/auth'
export { ApiError } from '#server/client/core'
