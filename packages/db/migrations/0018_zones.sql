CREATE TABLE "device_models" (
	"model" text PRIMARY KEY NOT NULL,
	"full_function" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fence_devices" (
	"fence_id" integer NOT NULL,
	"device_pk" integer NOT NULL,
	"command_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fence_devices_fence_id_device_pk_pk" PRIMARY KEY("fence_id","device_pk")
);
--> statement-breakpoint
CREATE TABLE "fences" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"name" text NOT NULL,
	"shape" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"min_lng" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"record_type" text NOT NULL,
	"trigger_alarm" boolean NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"daily_from" smallint,
	"daily_to" smallint,
	"time_zone" text NOT NULL,
	"speed_limit" smallint,
	"max_stay_minutes" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pois" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'pin' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "road_devices" (
	"road_id" integer NOT NULL,
	"device_pk" integer NOT NULL,
	"command_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "road_devices_road_id_device_pk_pk" PRIMARY KEY("road_id","device_pk")
);
--> statement-breakpoint
CREATE TABLE "roads" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"name" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"min_lng" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"width" smallint NOT NULL,
	"speed_limit" smallint,
	"segment_limits" jsonb,
	"trigger_alarm" boolean NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zone_states" (
	"device_pk" integer NOT NULL,
	"zone_kind" text NOT NULL,
	"zone_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"overspeed" boolean DEFAULT false NOT NULL,
	"stay_fired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "zone_states_device_pk_zone_kind_zone_id_pk" PRIMARY KEY("device_pk","zone_kind","zone_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "fence_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "road_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "speed" real;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD CONSTRAINT "fence_devices_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD CONSTRAINT "fence_devices_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fences" ADD CONSTRAINT "fences_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pois" ADD CONSTRAINT "pois_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_devices" ADD CONSTRAINT "road_devices_road_id_roads_id_fk" FOREIGN KEY ("road_id") REFERENCES "public"."roads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_devices" ADD CONSTRAINT "road_devices_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roads" ADD CONSTRAINT "roads_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_states" ADD CONSTRAINT "zone_states_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fence_devices_device_idx" ON "fence_devices" USING btree ("device_pk");--> statement-breakpoint
CREATE INDEX "fences_hold_idx" ON "fences" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "pois_hold_kind_idx" ON "pois" USING btree ("hold_id","kind");--> statement-breakpoint
CREATE INDEX "road_devices_device_idx" ON "road_devices" USING btree ("device_pk");--> statement-breakpoint
CREATE INDEX "roads_hold_idx" ON "roads" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "events_fence_time_idx" ON "events" USING btree ("fence_id","event_time") WHERE "events"."fence_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_road_time_idx" ON "events" USING btree ("road_id","event_time") WHERE "events"."road_id" IS NOT NULL;