-- The vehicle list's keyword is a substring of the plate, VIN, owner or a bound device's ID: trigram indexes answer
-- it at 100,000 vehicles (pg_trgm ships with PostgreSQL's contrib and is a trusted extension since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "vehicles_hold_idx";--> statement-breakpoint
CREATE INDEX "devices_device_id_trgm_idx" ON "devices" USING gin ("device_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_owner_idx" ON "vehicles" USING btree ("owner_name");--> statement-breakpoint
CREATE INDEX "vehicles_cost_idx" ON "vehicles" USING btree ("cost");--> statement-breakpoint
CREATE INDEX "vehicles_created_idx" ON "vehicles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vehicles_install_idx" ON "vehicles" USING btree ("install_time");--> statement-breakpoint
CREATE INDEX "vehicles_install_desc_idx" ON "vehicles" USING btree ("install_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vehicles_life_status_idx" ON "vehicles" USING btree ("life_status");--> statement-breakpoint
CREATE INDEX "vehicles_life_status_desc_idx" ON "vehicles" USING btree ("life_status" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vehicles_plate_trgm_idx" ON "vehicles" USING gin ("plate" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_vin_trgm_idx" ON "vehicles" USING gin ("vin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_owner_trgm_idx" ON "vehicles" USING gin ("owner_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_hold_idx" ON "vehicles" USING btree ("hold_id","id");