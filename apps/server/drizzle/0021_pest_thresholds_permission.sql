-- roles that hold every permission of the catalogue before pest thresholds (the Administrators) also get dashboard.thresholds
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT "role_id", 'dashboard.thresholds' FROM "role_permissions"
WHERE "permission" IN ('users.view', 'users.manage', 'users.resetPassword', 'users.linkOrganisation', 'users.assignFarms', 'users.assignPackhouses', 'users.assignLoadingZones', 'users.areaReport', 'roles.view', 'roles.manage', 'roles.assign', 'system.clearCache', 'system.update', 'management.inputChecks', 'management.loginHistory', 'management.packhouses', 'management.organisations', 'management.farmSetup', 'employees.view', 'employees.manage', 'employees.manageTypes', 'harvest.reports', 'harvest.estimates.edit', 'picking.view', 'picking.edit', 'picking.packhouseUser', 'capacity.edit', 'dashboard.pest', 'dashboard.farmOperations', 'reports.tensio', 'scouting.view', 'water.view', 'attendance.log', 'scouting.capture', 'traps.view', 'traps.capture', 'irrigation.capture', 'phenology.view', 'phenology.capture')
GROUP BY "role_id" HAVING count(DISTINCT "permission") = 39
ON CONFLICT DO NOTHING;
