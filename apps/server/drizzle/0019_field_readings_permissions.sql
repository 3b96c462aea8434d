-- roles that hold every permission of the catalogue before field capture (the Administrators) also get the field data permissions
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r."role_id", p."permission"
FROM (
  SELECT "role_id" FROM "role_permissions"
  WHERE "permission" IN ('users.view', 'users.manage', 'users.resetPassword', 'users.linkOrganisation', 'users.assignFarms', 'users.assignPackhouses', 'users.assignLoadingZones', 'users.areaReport', 'roles.view', 'roles.manage', 'roles.assign', 'system.clearCache', 'system.update', 'management.inputChecks', 'management.loginHistory', 'management.packhouses', 'management.organisations', 'management.farmSetup', 'employees.view', 'employees.manage', 'employees.manageTypes', 'harvest.reports', 'harvest.estimates.edit', 'picking.view', 'picking.edit', 'picking.packhouseUser', 'capacity.edit', 'dashboard.pest', 'dashboard.farmOperations', 'reports.tensio', 'scouting.view', 'water.view', 'attendance.log')
  GROUP BY "role_id" HAVING count(DISTINCT "permission") = 33
) r
CROSS JOIN (VALUES ('scouting.capture'), ('traps.view'), ('traps.capture'), ('irrigation.capture'), ('phenology.view'), ('phenology.capture')) AS p("permission")
ON CONFLICT DO NOTHING;
