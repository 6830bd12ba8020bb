CREATE INDEX "devices_created_idx" ON "devices" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "devices_name_trgm_idx" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_sim_trgm_idx" ON "devices" USING gin ("sim" gin_trgm_ops);