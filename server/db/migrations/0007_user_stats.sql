CREATE TABLE "user_day_stats" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"first_attempts" integer DEFAULT 0 NOT NULL,
	"time_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_day_stats_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_discipline_stats" (
	"user_id" uuid NOT NULL,
	"discipline_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_discipline_stats_user_id_discipline_id_pk" PRIMARY KEY("user_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "user_topic_stats" (
	"user_id" uuid NOT NULL,
	"topic_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_topic_stats_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "user_day_stats" ADD CONSTRAINT "user_day_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_discipline_stats" ADD CONSTRAINT "user_discipline_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_discipline_stats" ADD CONSTRAINT "user_discipline_stats_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topic_stats" ADD CONSTRAINT "user_topic_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topic_stats" ADD CONSTRAINT "user_topic_stats_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the attempts already stored (ADR 024); from here on the trigger in server/db/sql/004-user-stats.sql keeps them.
INSERT INTO "user_day_stats" ("user_id", "day", "attempts", "correct", "first_attempts", "time_sum")
SELECT "user_id", ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date, count(*), count(*) FILTER (WHERE "correct"), count(*) FILTER (WHERE "is_first"), coalesce(sum("elapsed_seconds"), 0)
  FROM "attempts" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "user_discipline_stats" ("user_id", "discipline_id", "attempts", "correct")
SELECT a."user_id", q."discipline_id", count(*), count(*) FILTER (WHERE a."correct")
  FROM "attempts" a JOIN "questions" q ON q."id" = a."question_id" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "user_topic_stats" ("user_id", "topic_id", "attempts", "correct")
SELECT a."user_id", qt."topic_id", count(*), count(*) FILTER (WHERE a."correct")
  FROM "attempts" a JOIN "question_topics" qt ON qt."question_id" = a."question_id" GROUP BY 1, 2;
