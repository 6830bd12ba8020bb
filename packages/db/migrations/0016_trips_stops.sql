CREATE TABLE "stops" (
	"device_pk" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"duration" integer NOT NULL,
	CONSTRAINT "stops_device_pk_start_time_pk" PRIMARY KEY("device_pk","start_time")
);
--> statement-breakpoint
CREATE TABLE "trip_states" (
	"device_pk" integer PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"watermark" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"device_pk" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"start_lat" double precision NOT NULL,
	"start_lon" double precision NOT NULL,
	"end_lat" double precision NOT NULL,
	"end_lon" double precision NOT NULL,
	"distance" double precision NOT NULL,
	"duration" integer NOT NULL,
	"max_speed" real NOT NULL,
	"avg_speed" real NOT NULL,
	CONSTRAINT "trips_device_pk_start_time_pk" PRIMARY KEY("device_pk","start_time")
);
--> statement-breakpoint
ALTER TABLE "stops" ADD CONSTRAINT "stops_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_states" ADD CONSTRAINT "trip_states_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stops_device_end_idx" ON "stops" USING btree ("device_pk","end_time");--> statement-breakpoint
CREATE INDEX "trips_device_end_idx" ON "trips" USING btree ("device_pk","end_time");