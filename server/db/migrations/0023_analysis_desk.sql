CREATE TABLE "analysis_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"version" integer NOT NULL,
	"author_id" uuid,
	"action" text NOT NULL,
	"text" text,
	"alternative_comments" jsonb,
	"credit" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_features" ADD COLUMN "min_count" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation_source" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation_by" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation_credit" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "alternative_comments" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_professor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_revisions" ADD CONSTRAINT "analysis_revisions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_revisions" ADD CONSTRAINT "analysis_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_revisions_question_version_key" ON "analysis_revisions" USING btree ("question_id","version");--> statement-breakpoint
CREATE INDEX "analysis_revisions_created_idx" ON "analysis_revisions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_explanation_by_users_id_fk" FOREIGN KEY ("explanation_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The texts already in the bank came with their exam files (ADR 059): version 1, an 'import' revision each.
UPDATE "questions" SET "explanation_source" = 'import', "explanation_version" = 1, "explanation_updated_at" = "updated_at"
  WHERE "explanation" IS NOT NULL AND btrim("explanation") <> '';--> statement-breakpoint
INSERT INTO "analysis_revisions" ("question_id", "version", "action", "text", "created_at")
  SELECT "id", 1, 'import', "explanation", "updated_at" FROM "questions" WHERE "explanation_source" = 'import';--> statement-breakpoint
-- The analysis line states the real coverage (issue 40): named as what it counts, shown from 100 questions up.
UPDATE "catalog_features" SET "label" = 'Análise do professor', "min_count" = 100
  WHERE "capability" = 'analysis' AND "label" = 'Explicações detalhadas';--> statement-breakpoint
UPDATE "catalog_features" SET "min_count" = 100 WHERE "capability" = 'analysis' AND "min_count" IS NULL;
