CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_pk" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"event" smallint NOT NULL,
	"multimedia_id" bigint NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"size" integer NOT NULL,
	"path" text NOT NULL,
	"command_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_command_id_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_hold_taken_idx" ON "photos" USING btree ("hold_id","taken_at");--> statement-breakpoint
CREATE INDEX "photos_device_taken_idx" ON "photos" USING btree ("device_pk","taken_at");