// The zone of Gabarita's calendar, apart from calendar.ts (which needs drizzle): the pages format
// dates with it too, and the database's SQL repeats it where a test compares the two
// (server/domain/time/calendar.test.ts).
export const ZONE = 'America/Sao_Paulo'
