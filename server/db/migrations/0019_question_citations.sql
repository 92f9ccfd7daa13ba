CREATE TABLE "question_citations" (
	"question_id" integer NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"url" text,
	CONSTRAINT "question_citations_question_id_key_article_pk" PRIMARY KEY("question_id","key","article")
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "citations_version" integer;--> statement-breakpoint
ALTER TABLE "question_citations" ADD CONSTRAINT "question_citations_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_citations_key_idx" ON "question_citations" USING btree ("key","question_id");