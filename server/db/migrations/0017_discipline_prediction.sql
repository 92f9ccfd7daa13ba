ALTER TABLE "questions" ADD COLUMN "discipline_source" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "discipline_confidence" double precision;