ALTER TABLE "disciplines" ADD COLUMN "topic_tree_version" integer;--> statement-breakpoint
ALTER TABLE "question_topics" ADD COLUMN "source" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "question_topics" ADD COLUMN "confidence" double precision;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "topics_version" integer;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "articles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "keywords" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "attempts_question_idx" ON "attempts" USING btree ("question_id");