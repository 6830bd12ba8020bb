CREATE TABLE "device_regions" (
	"device_pk" integer PRIMARY KEY NOT NULL,
	"province" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"located_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hold_provinces" (
	"hold_id" integer NOT NULL,
	"province" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "hold_provinces_hold_id_province_pk" PRIMARY KEY("hold_id","province")
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"insurer" text NOT NULL,
	"policy_no" text NOT NULL,
	"policy_type" text NOT NULL,
	"premium" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"attachment_path" text,
	"attachment_name" text,
	"attachment_type" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "road_provinces" (
	"road_id" integer PRIMARY KEY NOT NULL,
	"province" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_regions" ADD CONSTRAINT "device_regions_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_provinces" ADD CONSTRAINT "hold_provinces_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_provinces" ADD CONSTRAINT "road_provinces_road_id_roads_id_fk" FOREIGN KEY ("road_id") REFERENCES "public"."roads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_regions_province_idx" ON "device_regions" USING btree ("province","city");--> statement-breakpoint
CREATE UNIQUE INDEX "hold_provinces_default_idx" ON "hold_provinces" USING btree ("hold_id") WHERE "hold_provinces"."is_default";--> statement-breakpoint
CREATE INDEX "hold_provinces_province_idx" ON "hold_provinces" USING btree ("province");--> statement-breakpoint
CREATE INDEX "insurance_policies_vehicle_idx" ON "insurance_policies" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "insurance_policies_end_idx" ON "insurance_policies" USING btree ("end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_number_idx" ON "insurance_policies" USING btree ("insurer","policy_no");--> statement-breakpoint
CREATE INDEX "road_provinces_province_idx" ON "road_provinces" USING btree ("province");