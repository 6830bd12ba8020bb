CREATE TABLE "customer_bill_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"sim_id" integer,
	"iccid" text DEFAULT '' NOT NULL,
	"msisdn" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"month" text NOT NULL,
	"sim_count" integer NOT NULL,
	"renewal_count" integer NOT NULL,
	"renewal_fen" integer NOT NULL,
	"sms_pack_fen" integer NOT NULL,
	"sms_sent" integer NOT NULL,
	"total_fen" integer NOT NULL,
	"paid_fen" integer NOT NULL,
	"due_fen" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"provider" text NOT NULL,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sim_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"periods" smallint NOT NULL,
	"months" smallint NOT NULL,
	"fee_fen" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"kind" smallint NOT NULL,
	"method" smallint NOT NULL,
	"provider" text NOT NULL,
	"hold_id" integer NOT NULL,
	"user_id" integer,
	"amount_fen" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"sms_pack_id" text,
	"sms_count" integer,
	"pay_url" text DEFAULT '' NOT NULL,
	"provider_trade_no" text,
	"fail_reason" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"sim_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"package_id" integer,
	"months" smallint NOT NULL,
	"fee_fen" integer NOT NULL,
	"source" smallint NOT NULL,
	"order_id" integer,
	"work_id" integer,
	"expires_before" date,
	"expires_after" date NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_balances" (
	"hold_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"sim_id" integer,
	"msisdn" text NOT NULL,
	"content" text NOT NULL,
	"segments" smallint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"error" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supplier_reconciliation_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reconciliation_id" integer NOT NULL,
	"iccid" text NOT NULL,
	"sim_id" integer,
	"msisdn" text DEFAULT '' NOT NULL,
	"package_name" text DEFAULT '' NOT NULL,
	"expected_fen" integer,
	"billed_fen" integer,
	"match" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"hold_id" integer NOT NULL,
	"month" text NOT NULL,
	"sim_count" integer NOT NULL,
	"expected_fen" integer NOT NULL,
	"billed_fen" integer,
	"bill_file_name" text DEFAULT '' NOT NULL,
	"bill_rows" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"missing_in_bill" integer DEFAULT 0 NOT NULL,
	"missing_in_ours" integer DEFAULT 0 NOT NULL,
	"price_mismatch" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"user_id" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_bill_lines" ADD CONSTRAINT "customer_bill_lines_bill_id_customer_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."customer_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bill_lines" ADD CONSTRAINT "customer_bill_lines_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bills" ADD CONSTRAINT "customer_bills_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bills" ADD CONSTRAINT "customer_bills_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bills" ADD CONSTRAINT "customer_bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_package_id_sim_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sim_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_package_id_sim_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sim_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_work_id_work_orders_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_balances" ADD CONSTRAINT "sms_balances_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_reconciliation_lines" ADD CONSTRAINT "supplier_reconciliation_lines_reconciliation_id_supplier_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."supplier_reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_reconciliation_lines" ADD CONSTRAINT "supplier_reconciliation_lines_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_reconciliations" ADD CONSTRAINT "supplier_reconciliations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_reconciliations" ADD CONSTRAINT "supplier_reconciliations_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_reconciliations" ADD CONSTRAINT "supplier_reconciliations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_bill_lines_idx" ON "customer_bill_lines" USING btree ("bill_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_bills_month_idx" ON "customer_bills" USING btree ("hold_id","month");--> statement-breakpoint
CREATE INDEX "customer_bills_month" ON "customer_bills" USING btree ("month");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_order_items_order_idx" ON "payment_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_order_items_sim_idx" ON "payment_order_items" USING btree ("sim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_no_idx" ON "payment_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "payment_orders_hold_idx" ON "payment_orders" USING btree ("hold_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_status_idx" ON "payment_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "renewals_hold_idx" ON "renewals" USING btree ("hold_id","created_at");--> statement-breakpoint
CREATE INDEX "renewals_created_idx" ON "renewals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "renewals_sim_idx" ON "renewals" USING btree ("sim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renewals_order_sim_idx" ON "renewals" USING btree ("order_id","sim_id");--> statement-breakpoint
CREATE INDEX "sms_messages_hold_idx" ON "sms_messages" USING btree ("hold_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_sim_idx" ON "sms_messages" USING btree ("sim_id");--> statement-breakpoint
CREATE INDEX "supplier_recon_lines_idx" ON "supplier_reconciliation_lines" USING btree ("reconciliation_id","match","iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_recon_month_idx" ON "supplier_reconciliations" USING btree ("supplier_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "user_notices_dedupe_idx" ON "user_notices" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "user_notices_user_idx" ON "user_notices" USING btree ("user_id","created_at");