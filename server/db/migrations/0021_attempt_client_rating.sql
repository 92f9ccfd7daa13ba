ALTER TABLE "attempts" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "rating" smallint;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_user_client_idx" ON "attempts" USING btree ("user_id","client_id");--> statement-breakpoint
-- The "Fácil" marks lived only in the review logs (rating 4 is never automatic): they become the attempts' chosen rating.
UPDATE "attempts" SET "rating" = 4 WHERE "id" IN (SELECT "attempt_id" FROM "review_logs" WHERE "rating" = 4 AND "attempt_id" IS NOT NULL);
