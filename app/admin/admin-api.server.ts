// Server-only door to the admin API client: route modules import it from here so that
// undici never reaches the browser bundle.
export {
  checkDisciplineTopic,
  getDashboardStats,
  getQuestionsByDiscipline,
  getQuestionsByTopic,
  listDisciplines,
} from '#server/client/admin'
export { ApiError } from '#server/client/core'
