// The deletion form: the API's own rule for the confirmation (DELETE /api/v1/me sends it as
// `password`).
export { DeleteAccountForm as DeleteAccountBody } from '#server/features/me/schemas'
