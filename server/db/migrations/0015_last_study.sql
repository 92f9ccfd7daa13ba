ALTER TABLE "profiles" ADD COLUMN "last_study_path" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_study_at" timestamp with time zone;