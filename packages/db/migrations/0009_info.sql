CREATE TABLE "device_days" (
	"day" date NOT NULL,
	"device_pk" integer NOT NULL,
	CONSTRAINT "device_days_day_device_pk_pk" PRIMARY KEY("day","device_pk")
);
--> statement-breakpoint
CREATE TABLE "device_objects" (
	"device_pk" integer PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"object_no" text DEFAULT '' NOT NULL,
	"age" smallint,
	"id_card" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sex" smallint,
	"category" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"weight" real,
	"length" real,
	"width" real,
	"height" real,
	"shape" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "vehicles_device_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "object_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_start" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_end" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "vehicle_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "colour" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "vin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "engine_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "store_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "store_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "work_order_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "install_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "home_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "home_lat" double precision;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "home_lng" double precision;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "company_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "company_lat" double precision;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "company_lng" double precision;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "province" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "tag" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "device_days" ADD CONSTRAINT "device_days_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_objects" ADD CONSTRAINT "device_objects_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_vehicle_idx" ON "devices" USING btree ("vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_vin_idx" ON "vehicles" USING btree ("vin") WHERE "vehicles"."vin" <> '';--> statement-breakpoint
-- A vehicle named its one device by text (vehicles.device_id); devices now point at their vehicle, so a vehicle
-- carries several. Where two vehicles named one device, the older keeps it, as the monitor showed it.
UPDATE "devices" d SET "vehicle_id" = v.id
FROM (SELECT DISTINCT ON ("device_id") id, "device_id" FROM "vehicles" WHERE "device_id" <> '' ORDER BY "device_id", id) v
WHERE d."device_id" = v."device_id";
