CREATE TABLE "track_days" (
	"device_pk" integer NOT NULL,
	"day" date NOT NULL,
	"points" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_days_device_pk_day_pk" PRIMARY KEY("device_pk","day")
);
--> statement-breakpoint
CREATE TABLE "track_days_stale" (
	"device_pk" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "track_days_stale_device_pk_day_pk" PRIMARY KEY("device_pk","day")
);
