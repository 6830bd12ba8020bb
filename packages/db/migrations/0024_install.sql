CREATE TABLE "install_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"device_pk" integer NOT NULL,
	"position" smallint NOT NULL,
	"people" text NOT NULL,
	"installed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "install_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"device_pk" integer,
	"position" smallint,
	"size" integer NOT NULL,
	"path" text NOT NULL,
	"thumb_path" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "install_task_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "install_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"vin" text NOT NULL,
	"customer" text NOT NULL,
	"project" text DEFAULT '' NOT NULL,
	"agent" text DEFAULT '' NOT NULL,
	"store" text DEFAULT '' NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"installer_id" integer,
	"expected_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"working_since" timestamp with time zone,
	"rejections" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "install_infos" ADD CONSTRAINT "install_infos_task_id_install_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."install_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_infos" ADD CONSTRAINT "install_infos_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_photos" ADD CONSTRAINT "install_photos_task_id_install_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."install_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_photos" ADD CONSTRAINT "install_photos_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_photos" ADD CONSTRAINT "install_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_task_logs" ADD CONSTRAINT "install_task_logs_task_id_install_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."install_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_task_logs" ADD CONSTRAINT "install_task_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_tasks" ADD CONSTRAINT "install_tasks_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_tasks" ADD CONSTRAINT "install_tasks_installer_id_users_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "install_tasks" ADD CONSTRAINT "install_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installers" ADD CONSTRAINT "installers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "install_infos_task_idx" ON "install_infos" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "install_infos_device_idx" ON "install_infos" USING btree ("device_pk");--> statement-breakpoint
CREATE INDEX "install_photos_task_idx" ON "install_photos" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "install_task_logs_task_idx" ON "install_task_logs" USING btree ("task_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "install_tasks_order_no_idx" ON "install_tasks" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "install_tasks_hold_created_idx" ON "install_tasks" USING btree ("hold_id","created_at");--> statement-breakpoint
CREATE INDEX "install_tasks_installer_idx" ON "install_tasks" USING btree ("installer_id","status");--> statement-breakpoint
CREATE INDEX "install_tasks_vin_idx" ON "install_tasks" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "installers_active_idx" ON "installers" USING btree ("active");