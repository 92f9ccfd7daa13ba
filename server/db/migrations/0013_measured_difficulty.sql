ALTER TABLE "questions" ALTER COLUMN "difficulty" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "difficulty" DROP NOT NULL;