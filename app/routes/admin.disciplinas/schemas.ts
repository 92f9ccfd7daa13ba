// The check form is the API's own query (POST /api/v1/admin/disciplines/search): one schema for both doors.
export { DisciplineCheckSchema } from '#server/features/admin/import-schemas'
