CREATE INDEX "forum_reply_votes_user_idx" ON "forum_reply_votes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_topic_votes_user_idx" ON "forum_topic_votes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_user_created_idx" ON "notes" USING btree ("user_id","created_at");