-- Reference lists the Create New Organization dialog offers. Farms start with site type 1.
INSERT INTO "organization_levels" ("id", "level_name", "sort") VALUES (1, 'Enterprise', 1), (2, 'Standard', 2), (3, 'Basic', 3) ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('organization_levels', 'id'), (SELECT max("id") FROM "organization_levels"));--> statement-breakpoint
INSERT INTO "site_types" ("id", "description") VALUES (1, 'Block'), (2, 'Row'), (3, 'Tree') ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('site_types', 'id'), (SELECT max("id") FROM "site_types"));
