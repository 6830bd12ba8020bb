CREATE TABLE "commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_pk" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_states" (
	"device_pk" integer PRIMARY KEY NOT NULL,
	"fix_time" timestamp with time zone,
	"receive_time" timestamp with time zone,
	"last_seen" timestamp with time zone,
	"valid" boolean,
	"lat" double precision,
	"lon" double precision,
	"speed" real,
	"course" smallint,
	"satellites" smallint,
	"acc" boolean,
	"battery" real,
	"mileage" double precision DEFAULT 0 NOT NULL,
	"alarms" text[] DEFAULT '{}'::text[] NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"overspeed_since" timestamp with time zone,
	"attributes" jsonb
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"protocol" text NOT NULL,
	"hold_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"sim" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"tracker_type" smallint DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"vip_expires_at" date,
	"speed_limit" smallint DEFAULT 0 NOT NULL,
	"overspeed_seconds" smallint DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_pk" integer NOT NULL,
	"type" text NOT NULL,
	"alarm" text,
	"event_time" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"released_at" timestamp with time zone,
	"release_reason" text,
	"released_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_pk" integer NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"server_time" timestamp with time zone NOT NULL,
	"valid" boolean NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"speed" real NOT NULL,
	"course" smallint NOT NULL,
	"altitude" real,
	"satellites" smallint,
	"alarms" text[],
	"attributes" jsonb
);
--> statement-breakpoint
CREATE TABLE "unknown_devices" (
	"device_id" text NOT NULL,
	"protocol" text NOT NULL,
	"remote_address" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"attempts" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "unknown_devices_device_id_protocol_pk" PRIMARY KEY("device_id","protocol")
);
--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_states" ADD CONSTRAINT "device_states_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commands_device_status_idx" ON "commands" USING btree ("device_pk","status");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_id_idx" ON "devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "devices_hold_idx" ON "devices" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "events_device_time_idx" ON "events" USING btree ("device_pk","event_time");--> statement-breakpoint
CREATE INDEX "positions_device_time_idx" ON "positions" USING btree ("device_pk","fix_time");