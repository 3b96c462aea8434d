CREATE TABLE "commodities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commodities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "commodities_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "commodities_name_lower_uq" ON "commodities" USING btree (lower(btrim("name")));--> statement-breakpoint
-- the list starts with the citrus commodities and those the varieties name; spellings that differ only in case or
-- surrounding spaces become one commodity, and its varieties take that spelling
INSERT INTO "commodities" ("name")
SELECT DISTINCT ON (lower(btrim("commodity"))) btrim("commodity") FROM "varieties" ORDER BY lower(btrim("commodity")), btrim("commodity");--> statement-breakpoint
INSERT INTO "commodities" ("name") VALUES ('Oranges'), ('Soft Citrus'), ('Lemons'), ('Grapefruit') ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "varieties" SET "commodity" = c."name" FROM "commodities" c
WHERE lower(btrim("varieties"."commodity")) = lower(c."name") AND "varieties"."commodity" <> c."name";--> statement-breakpoint
ALTER TABLE "varieties" ADD CONSTRAINT "varieties_commodity_commodities_name_fk" FOREIGN KEY ("commodity") REFERENCES "public"."commodities"("name") ON DELETE no action ON UPDATE cascade;