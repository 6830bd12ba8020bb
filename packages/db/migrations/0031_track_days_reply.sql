ALTER TABLE "track_days" ADD COLUMN "reply" "bytea";--> statement-breakpoint
CREATE INDEX "track_days_no_reply_idx" ON "track_days" USING btree ("day") WHERE "track_days"."reply" IS NULL;