CREATE TABLE "vip_settings" (
	"hold_id" integer PRIMARY KEY NOT NULL,
	"price1" integer,
	"price2" integer,
	"vpoint_per_yuan" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_upgrade_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"upgrade_id" integer NOT NULL,
	"device_pk" integer,
	"device_id" text NOT NULL,
	"device_hold_id" integer NOT NULL,
	"tracker_type" smallint NOT NULL,
	"price_per_year" integer NOT NULL,
	"vpoint" integer NOT NULL,
	"expires_before" date,
	"expires_after" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_upgrades" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"user_id" integer,
	"effective" text NOT NULL,
	"months" smallint,
	"to_date" date,
	"total_vpoint" integer NOT NULL,
	"status" smallint NOT NULL,
	"work_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"vpoint" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"order_no" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"counterpart_hold_id" integer,
	"upgrade_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"hold_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_check" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vip_settings" ADD CONSTRAINT "vip_settings_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_settings" ADD CONSTRAINT "vip_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_upgrade_items" ADD CONSTRAINT "vip_upgrade_items_upgrade_id_vip_upgrades_id_fk" FOREIGN KEY ("upgrade_id") REFERENCES "public"."vip_upgrades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_upgrade_items" ADD CONSTRAINT "vip_upgrade_items_device_pk_devices_id_fk" FOREIGN KEY ("device_pk") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_upgrade_items" ADD CONSTRAINT "vip_upgrade_items_device_hold_id_holds_id_fk" FOREIGN KEY ("device_hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_upgrades" ADD CONSTRAINT "vip_upgrades_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_upgrades" ADD CONSTRAINT "vip_upgrades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_upgrades" ADD CONSTRAINT "vip_upgrades_work_id_work_orders_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_counterpart_hold_id_holds_id_fk" FOREIGN KEY ("counterpart_hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_upgrade_id_vip_upgrades_id_fk" FOREIGN KEY ("upgrade_id") REFERENCES "public"."vip_upgrades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_upgrade_items_upgrade_idx" ON "vip_upgrade_items" USING btree ("upgrade_id");--> statement-breakpoint
CREATE INDEX "vip_upgrade_items_device_idx" ON "vip_upgrade_items" USING btree ("device_pk");--> statement-breakpoint
CREATE INDEX "vip_upgrades_hold_idx" ON "vip_upgrades" USING btree ("hold_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_entries_hold_idx" ON "wallet_entries" USING btree ("hold_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_order_idx" ON "wallet_entries" USING btree ("order_id");