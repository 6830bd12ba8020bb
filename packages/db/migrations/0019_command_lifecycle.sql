CREATE TABLE "command_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commands" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "expire_at" timestamp with time zone DEFAULT now() + interval '1 day' NOT NULL;--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "via" text DEFAULT 'device' NOT NULL;--> statement-breakpoint
ALTER TABLE "command_batches" ADD CONSTRAINT "command_batches_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "command_batches_hold_idx" ON "command_batches" USING btree ("hold_id","created_at");--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_batch_id_command_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."command_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commands_batch_idx" ON "commands" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "commands_open_expire_idx" ON "commands" USING btree ("expire_at") WHERE status IN ('queued', 'sent');--> statement-breakpoint
-- Issue #18's statuses: pending is now queued; a command nobody answered in time failed with 'timeout'; commands
-- queued before expiries existed live a day from their creation.
UPDATE "commands" SET "expire_at" = "created_at" + interval '1 day';--> statement-breakpoint
UPDATE "commands" SET "status" = 'queued' WHERE "status" = 'pending';--> statement-breakpoint
UPDATE "commands" SET "status" = 'failed', "result" = coalesce("result", 'timeout') WHERE "status" = 'timedOut';
