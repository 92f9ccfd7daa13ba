CREATE TABLE "offline_downloads" (
	"user_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"downloaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offline_downloads_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "offline_downloads" ADD CONSTRAINT "offline_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_downloads" ADD CONSTRAINT "offline_downloads_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;