CREATE TABLE "spread_cells" (
	"hold_id" integer NOT NULL,
	"province" text NOT NULL,
	"cell_x" integer NOT NULL,
	"cell_y" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "spread_cells_hold_id_province_cell_x_cell_y_pk" PRIMARY KEY("hold_id","province","cell_x","cell_y")
);
--> statement-breakpoint
ALTER TABLE "spread_cells" ADD CONSTRAINT "spread_cells_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;