ALTER TABLE "farms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_entities" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "production_blocks" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "production_blocks" ADD COLUMN "ha" double precision;--> statement-breakpoint
ALTER TABLE "production_blocks" ADD COLUMN "planting_year" integer;--> statement-breakpoint
ALTER TABLE "production_blocks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pucs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL; --> statement-breakpoint
-- roles that hold every permission of the catalogue before farm setup (the Administrators) also get management.farmSetup
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "role_id", 'management.farmSetup' FROM "role_permissions"
WHERE "permission" IN ('users.view', 'users.manage', 'users.resetPassword', 'users.linkOrganisation', 'users.assignFarms', 'users.assignPackhouses', 'users.assignLoadingZones', 'users.areaReport', 'roles.view', 'roles.manage', 'roles.assign', 'system.clearCache', 'system.update', 'management.inputChecks', 'management.loginHistory', 'management.packhouses', 'management.organisations', 'employees.view', 'employees.manage', 'employees.manageTypes', 'harvest.reports', 'harvest.estimates.edit', 'picking.view', 'picking.edit', 'picking.packhouseUser', 'capacity.edit', 'dashboard.pest', 'dashboard.farmOperations', 'reports.tensio', 'scouting.view', 'water.view', 'attendance.log')
GROUP BY "role_id" HAVING count(DISTINCT "permission") = 32
ON CONFLICT DO NOTHING;
