ALTER TABLE "attempts" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "rating" smallint;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_user_client_idx" ON "attempts" USING btree ("user_id","client_id");