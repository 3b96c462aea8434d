-- roles that hold every permission of the catalogue before packhouse readings (the Administrators), and packhouse roles (those holding picking.packhouseUser), get packhouse.readings.view and packhouse.readings.capture
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r."role_id", p."permission"
FROM (
  SELECT "role_id" FROM "role_permissions"
  WHERE "permission" IN ('users.view', 'users.manage', 'users.resetPassword', 'users.linkOrganisation', 'users.assignFarms', 'users.assignPackhouses', 'users.assignLoadingZones', 'users.areaReport', 'roles.view', 'roles.manage', 'roles.assign', 'system.clearCache', 'system.update', 'management.inputChecks', 'management.loginHistory', 'management.packhouses', 'management.organisations', 'management.farmSetup', 'employees.view', 'employees.manage', 'employees.manageTypes', 'harvest.reports', 'harvest.estimates.edit', 'picking.view', 'picking.edit', 'picking.packhouseUser', 'capacity.edit', 'dashboard.pest', 'dashboard.farmOperations', 'dashboard.thresholds', 'reports.tensio', 'scouting.view', 'water.view', 'attendance.log', 'scouting.capture', 'traps.view', 'traps.capture', 'irrigation.capture', 'phenology.view', 'phenology.capture')
  GROUP BY "role_id" HAVING count(DISTINCT "permission") = 40
  UNION
  SELECT "role_id" FROM "role_permissions" WHERE "permission" = 'picking.packhouseUser'
) r
CROSS JOIN (VALUES ('packhouse.readings.view'), ('packhouse.readings.capture')) AS p("permission")
ON CONFLICT DO NOTHING;
