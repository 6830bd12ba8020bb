ALTER TABLE "devices" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "life_status" smallint;--> statement-breakpoint
CREATE INDEX "vehicles_device_idx" ON "vehicles" USING btree ("device_id");