// The accounts API calls for routes: a .server module, so the API client (undici)
// never reaches the browser bundle.
export {
  changePassword,
  changeTemporaryPassword,
  forgotPassword,
  googleAuthUrl,
  googleCallback,
  login,
  logout,
  register,
} from '#server/client/auth'
export { ApiError } from '#server/client/core'
