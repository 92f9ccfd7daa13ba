// Server-only door to the admin API client: route modules import it from here so that
// undici never reaches the browser bundle. The admin's JSON routes are called through their
// contract (call(api, adminApi.…), server/features/admin/contract.ts).
export { listDisciplines } from '#server/client/admin'
export { ApiError } from '#server/client/core'
