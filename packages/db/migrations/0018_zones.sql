ALTER TABLE "fences" DROP CONSTRAINT "fences_hold_id_holds_id_fk";
--> statement-breakpoint
ALTER TABLE "pois" DROP CONSTRAINT "pois_hold_id_holds_id_fk";
--> statement-breakpoint
ALTER TABLE "roads" DROP CONSTRAINT "roads_hold_id_holds_id_fk";
--> statement-breakpoint
ALTER TABLE "fences" ADD CONSTRAINT "fences_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pois" ADD CONSTRAINT "pois_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roads" ADD CONSTRAINT "roads_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;