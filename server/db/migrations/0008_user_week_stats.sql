CREATE TABLE "user_week_stats" (
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"last_correct" timestamp with time zone,
	CONSTRAINT "user_week_stats_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
DROP INDEX "attempts_created_idx";--> statement-breakpoint
ALTER TABLE "user_week_stats" ADD CONSTRAINT "user_week_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_week_stats_week_idx" ON "user_week_stats" USING btree ("week","correct");--> statement-breakpoint
-- The weeks stored until now, from the attempts (the trigger in server/db/sql/004-user-stats.sql keeps them from here on).
INSERT INTO "user_week_stats" ("user_id", "week", "correct", "answers", "last_correct")
SELECT "user_id", date_trunc('week', "created_at" AT TIME ZONE 'America/Sao_Paulo')::date,
       count(DISTINCT "question_id") FILTER (WHERE "correct"), count(*), max("created_at") FILTER (WHERE "correct")
  FROM "attempts" GROUP BY 1, 2;
