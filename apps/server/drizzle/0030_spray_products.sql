CREATE TABLE "spray_export_markets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spray_export_markets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spray_product_market_days" (
	"product_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "spray_product_market_days_product_id_market_id_pk" PRIMARY KEY("product_id","market_id"),
	CONSTRAINT "spray_product_market_days_days_ck" CHECK ("spray_product_market_days"."days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "spray_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spray_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"registration_number" text DEFAULT '' NOT NULL,
	"formulation" text NOT NULL,
	"active_ingredients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_pests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"local_withholding_days" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spray_products_local_days_ck" CHECK ("spray_products"."local_withholding_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "spray_export_markets" ADD CONSTRAINT "spray_export_markets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spray_product_market_days" ADD CONSTRAINT "spray_product_market_days_product_id_spray_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."spray_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spray_product_market_days" ADD CONSTRAINT "spray_product_market_days_market_id_spray_export_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."spray_export_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spray_products" ADD CONSTRAINT "spray_products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spray_export_markets_name_uq" ON "spray_export_markets" USING btree ("organization_id",lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "spray_product_market_days_market_idx" ON "spray_product_market_days" USING btree ("market_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spray_products_name_uq" ON "spray_products" USING btree ("organization_id",lower(btrim("name")));--> statement-breakpoint
-- the Administrator roles (those given the organisation data export) also manage spray products
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "role_id", 'spray.products.manage' FROM "role_permissions" WHERE "permission" = 'management.organisationData' ON CONFLICT DO NOTHING;
