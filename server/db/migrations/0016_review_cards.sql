CREATE TABLE "review_cards" (
	"user_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" integer NOT NULL,
	"last_review" timestamp with time zone,
	"last_attempt_id" integer,
	CONSTRAINT "review_cards_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"attempt_id" integer,
	"rating" integer NOT NULL,
	"state" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"last_elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"review" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_replay" (
	"id" integer PRIMARY KEY NOT NULL,
	"cursor" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"users" integer DEFAULT 0 NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"desired_retention" double precision DEFAULT 0.9 NOT NULL,
	"daily_limit" integer DEFAULT 50 NOT NULL,
	"exam_date" date,
	"hours_per_week" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_plans" ADD COLUMN "has_study_plan" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_settings" ADD CONSTRAINT "study_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_cards_user_due_idx" ON "review_cards" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "review_logs_user_review_idx" ON "review_logs" USING btree ("user_id","review");--> statement-breakpoint
CREATE INDEX "review_logs_attempt_idx" ON "review_logs" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "questions_unreviewable_idx" ON "questions" USING btree ("id") WHERE "questions"."correct_answer" IS NULL OR "questions"."removed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "catalog_plans" SET "has_study_plan" = true WHERE "plan_name" = 'PRO';--> statement-breakpoint
-- The replay of the attempts made before Revisão runs after this migration (ADR 047); a
-- database without attempts has nothing to replay.
INSERT INTO "review_replay" ("id", "finished_at")
  SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM "attempts") THEN NULL ELSE now() END
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Revisão is built for every plan (its line, seeded hidden by 0010, now shows); the study plan gets its line.
INSERT INTO "catalog_features" ("label", "capability", "position") VALUES ('Plano de estudos até a prova', 'study_plan', 14);
