// The deletion form is the API's own body (DELETE /api/v1/me): one schema for both doors.
export { DeleteAccountBody } from '#server/domain/me/schemas'
