CREATE TABLE "legislative_change_disciplines" (
	"change_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	CONSTRAINT "legislative_change_disciplines_change_id_discipline_id_pk" PRIMARY KEY("change_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "legislative_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"name" text NOT NULL,
	"in_force" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"seed_discipline_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "kind" text DEFAULT 'erro' NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "applied_on" date;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "outdated_note" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "outdated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legislative_change_disciplines" ADD CONSTRAINT "legislative_change_disciplines_change_id_legislative_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."legislative_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legislative_change_disciplines" ADD CONSTRAINT "legislative_change_disciplines_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legislative_change_disciplines_discipline_idx" ON "legislative_change_disciplines" USING btree ("discipline_id");--> statement-breakpoint
-- The legislative changes that matter most for the OAB first phase (ADR 053: each date in force
-- from the law's publication and its vigência article). Seeded once, here: an admin's edits and
-- deletions on /admin/legislacao are never undone. Disciplines by folded name (disciplines.name_key)
-- until an admin saves the row's disciplines.
INSERT INTO "legislative_changes" ("label", "name", "in_force", "note", "seed_discipline_keys") VALUES
  ('CPC/2015', 'Lei 13.105/2015 (Código de Processo Civil)', '2016-03-18', 'O novo Código de Processo Civil substituiu o CPC de 1973.', ARRAY['direito processual civil']),
  ('Reforma trabalhista', 'Lei 13.467/2017 (Reforma Trabalhista)', '2017-11-11', 'Alterou a CLT no direito material e no processo do trabalho.', ARRAY['direito do trabalho', 'direito processual do trabalho']),
  ('Código de Ética/2015', 'Resolução CFOAB 02/2015 (Código de Ética e Disciplina da OAB)', '2016-09-01', 'O novo Código de Ética e Disciplina substituiu o de 1995.', ARRAY['etica profissional']),
  ('Pacote Anticrime', 'Lei 13.964/2019 (Pacote Anticrime)', '2020-01-23', 'Alterou o Código Penal, o Código de Processo Penal e a Lei de Execução Penal.', ARRAY['direito penal', 'direito processual penal']),
  ('Lei 14.133/2021', 'Lei 14.133/2021 (Lei de Licitações e Contratos Administrativos)', '2021-04-01', 'A nova lei de licitações, que substituiu a Lei 8.666/1993 (aplicação opcional até 2023).', ARRAY['direito administrativo']);
