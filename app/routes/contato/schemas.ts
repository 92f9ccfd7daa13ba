// The contact form is the API's own body (POST /api/v1/contact): one schema for both doors.
export { ContactSchema } from '#server/features/contact/schemas'
