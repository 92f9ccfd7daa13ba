CREATE TABLE "catalog_features" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"capability" text NOT NULL,
	"plans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_plans" (
	"plan_name" text PRIMARY KEY NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"questions_per_week" integer NOT NULL,
	"notebooks_limit" integer NOT NULL,
	"has_commented_questions" boolean NOT NULL,
	"has_notebooks" boolean NOT NULL,
	"has_comments" boolean NOT NULL,
	"has_chat" boolean NOT NULL,
	"has_ads" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_name" text NOT NULL,
	"period" text DEFAULT 'month' NOT NULL,
	"amount_cents" integer NOT NULL,
	"effective_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_name_catalog_plans_plan_name_fk" FOREIGN KEY ("plan_name") REFERENCES "public"."catalog_plans"("plan_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_prices_plan_idx" ON "plan_prices" USING btree ("plan_name","period","effective_at");--> statement-breakpoint
-- The spec's four plans (section 6) as the catalogue's first rows; Básico keeps the analysis Gratuito has (issue 28).
INSERT INTO "catalog_plans" ("plan_name", "tagline", "position", "popular", "questions_per_week", "notebooks_limit", "has_commented_questions", "has_notebooks", "has_comments", "has_chat", "has_ads") VALUES
  ('GRATUITO', 'Para conhecer o Gabarita', 0, false, 5, 2, true, true, false, false, true),
  ('BASICO', 'Questões sem limite para treinar todo dia', 1, false, -1, 10, true, true, false, false, true),
  ('PREMIUM', 'Chat e discussões para estudar a fundo', 2, true, -1, 50, true, true, true, true, false),
  ('PRO', 'Tudo do Premium, com cadernos sem limite', 3, false, -1, -1, true, true, true, true, false);
--> statement-breakpoint
INSERT INTO "plan_prices" ("plan_name", "period", "amount_cents", "effective_at") VALUES
  ('GRATUITO', 'month', 0, '2020-01-01T00:00:00Z'),
  ('BASICO', 'month', 2000, '2020-01-01T00:00:00Z'),
  ('PREMIUM', 'month', 3500, '2020-01-01T00:00:00Z'),
  ('PRO', 'month', 5000, '2020-01-01T00:00:00Z');
--> statement-breakpoint
-- Only what the software does; simulados and reviews stay hidden until they exist. No service is seeded.
INSERT INTO "catalog_features" ("label", "capability", "position") VALUES
  ('Direito a questões', 'questions', 1),
  ('Acesso à plataforma', 'platform', 2),
  ('Resultado das questões', 'results', 3),
  ('Caderno personalizado', 'notebooks', 4),
  ('Estatísticas de desempenho', 'stats', 5),
  ('Filtros avançados', 'filters', 6),
  ('Acompanhamento de progresso', 'progress', 7),
  ('Explicações detalhadas', 'analysis', 8),
  ('Chatbot especializado', 'chat', 9),
  ('Discussões nas questões', 'comments', 10),
  ('Sem anúncios', 'no_ads', 11),
  ('Simulados personalizados', 'simulados', 12),
  ('Revisão diária das questões', 'reviews', 13);
