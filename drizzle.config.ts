import { defineConfig } from 'drizzle-kit'

// Migrations are generated offline from the one schema and applied at start by
// server/db/migrate.ts, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
