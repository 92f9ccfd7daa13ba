CREATE TABLE "question_answer_stats" (
	"question_id" integer NOT NULL,
	"answer" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"first_attempts" integer DEFAULT 0 NOT NULL,
	"first_correct" integer DEFAULT 0 NOT NULL,
	"timed" integer DEFAULT 0 NOT NULL,
	"time_sum" bigint DEFAULT 0 NOT NULL,
	"first_timed" integer DEFAULT 0 NOT NULL,
	"first_time_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "question_answer_stats_question_id_answer_pk" PRIMARY KEY("question_id","answer")
);
--> statement-breakpoint
CREATE TABLE "video_watches" (
	"user_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_watches_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "elapsed_seconds" integer;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "is_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "question_answer_stats" ADD CONSTRAINT "question_answer_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watches" ADD CONSTRAINT "video_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watches" ADD CONSTRAINT "video_watches_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;