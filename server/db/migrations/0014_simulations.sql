CREATE TABLE "simulation_mix" (
	"discipline_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulation_questions" (
	"simulation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"choice" text,
	"marked" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "simulation_questions_simulation_id_position_pk" PRIMARY KEY("simulation_id","position")
);
--> statement-breakpoint
CREATE TABLE "simulations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"exam_id" integer,
	"filters" jsonb,
	"size" integer NOT NULL,
	"duration_minutes" integer,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"closed_by_deadline" boolean DEFAULT false NOT NULL,
	"current_position" integer DEFAULT 1 NOT NULL,
	"shortfall" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" integer,
	"passed" boolean
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "source" text DEFAULT 'list' NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "simulation_id" integer;--> statement-breakpoint
ALTER TABLE "catalog_plans" ADD COLUMN "simulations_per_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_plans" ADD COLUMN "has_simulations" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "simulation_mix" ADD CONSTRAINT "simulation_mix_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_questions" ADD CONSTRAINT "simulation_questions_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_questions" ADD CONSTRAINT "simulation_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "simulation_questions_question_key" ON "simulation_questions" USING btree ("simulation_id","question_id");--> statement-breakpoint
CREATE INDEX "simulations_user_idx" ON "simulations" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "simulations_comparison_idx" ON "simulations" USING btree ("kind","exam_id","finished_at");--> statement-breakpoint
CREATE INDEX "simulations_started_idx" ON "simulations" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Issue 29: Premium and Pro sit every simulado without limit; Gratuito and Básico one "Prova anterior" a month.
UPDATE "catalog_plans" SET "simulations_per_month" = -1, "has_simulations" = true WHERE "plan_name" IN ('PREMIUM', 'PRO');
