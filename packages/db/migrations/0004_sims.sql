CREATE TABLE "card_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"name" text NOT NULL,
	"operator_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sim_id" integer NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"work_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"user_id" integer,
	"file_name" text DEFAULT '' NOT NULL,
	"total" integer NOT NULL,
	"imported" integer NOT NULL,
	"failed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"name" text NOT NULL,
	"operator_id" integer NOT NULL,
	"period_months" smallint NOT NULL,
	"data_mb" integer DEFAULT 0 NOT NULL,
	"sms_count" integer DEFAULT 0 NOT NULL,
	"price_fen" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sims" (
	"id" serial PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"msisdn" text DEFAULT '' NOT NULL,
	"imsi" text DEFAULT '' NOT NULL,
	"operator_id" integer NOT NULL,
	"card_type_id" integer,
	"package_id" integer,
	"supplier_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"batch_id" integer,
	"state" smallint DEFAULT 1 NOT NULL,
	"activated_on" date,
	"expires_on" date,
	"balance_fen" integer DEFAULT 0 NOT NULL,
	"data_used_mb" integer DEFAULT 0 NOT NULL,
	"lock_type" smallint DEFAULT 0 NOT NULL,
	"locked_imei" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"name" text NOT NULL,
	"operator_id" integer NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_type" smallint NOT NULL,
	"sim_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"lock_type" smallint,
	"work_cont" text DEFAULT '' NOT NULL,
	"package_id" integer,
	"months" smallint,
	"imei" text,
	"applicant_id" integer,
	"apply_time" timestamp with time zone DEFAULT now() NOT NULL,
	"check_status" smallint DEFAULT 1 NOT NULL,
	"reviewer_id" integer,
	"check_text" text DEFAULT '' NOT NULL,
	"check_time" timestamp with time zone,
	"re_hold_id" integer
);
--> statement-breakpoint
ALTER TABLE "card_types" ADD CONSTRAINT "card_types_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_types" ADD CONSTRAINT "card_types_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_history" ADD CONSTRAINT "sim_history_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_import_batches" ADD CONSTRAINT "sim_import_batches_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_import_batches" ADD CONSTRAINT "sim_import_batches_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_import_batches" ADD CONSTRAINT "sim_import_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_packages" ADD CONSTRAINT "sim_packages_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_packages" ADD CONSTRAINT "sim_packages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_package_id_sim_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sim_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_batch_id_sim_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sim_import_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_package_id_sim_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sim_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_re_hold_id_holds_id_fk" FOREIGN KEY ("re_hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_types_hold_name_idx" ON "card_types" USING btree ("hold_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_hold_name_idx" ON "operators" USING btree ("hold_id","name");--> statement-breakpoint
CREATE INDEX "sim_history_sim_idx" ON "sim_history" USING btree ("sim_id","created_at");--> statement-breakpoint
CREATE INDEX "sim_import_batches_hold_idx" ON "sim_import_batches" USING btree ("hold_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_packages_hold_name_idx" ON "sim_packages" USING btree ("hold_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sims_iccid_idx" ON "sims" USING btree ("iccid");--> statement-breakpoint
CREATE INDEX "sims_msisdn_idx" ON "sims" USING btree ("msisdn");--> statement-breakpoint
CREATE INDEX "sims_hold_idx" ON "sims" USING btree ("hold_id","id");--> statement-breakpoint
CREATE INDEX "sims_expires_idx" ON "sims" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "sims_supplier_idx" ON "sims" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_hold_name_idx" ON "suppliers" USING btree ("hold_id","name");--> statement-breakpoint
CREATE INDEX "work_orders_hold_status_idx" ON "work_orders" USING btree ("hold_id","check_status","apply_time");--> statement-breakpoint
CREATE INDEX "work_orders_sim_idx" ON "work_orders" USING btree ("sim_id");