// The accounts API calls for routes: a .server module, so the API client (undici)
// never reaches the browser bundle.
export {
  changePassword,
  changeTemporaryPassword,
  forgotPassword,
  getProfile,
  googleAuthUrl,
  googleCallback,
  login,
  logout,
  register,
  updateProfile,
} from '#server/client/auth'
export { ApiError } from '#server/client/core'
