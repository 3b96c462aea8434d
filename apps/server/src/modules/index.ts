/**
 * Every server module, registered the same way: each folder is one area, its index.ts the front
 * door (the module plugin and the services other modules may use; lint refuses imports around it).
 * The area names match apps/web/src/features and packages/shared (see the README's table of areas).
 */
import type { FastifyInstance } from 'fastify';
import { accountModule } from './account/index';
import { attendanceModule } from './attendance/index';
import { attentionModule } from './attention/index';
import { authModule } from './auth/index';
import { employeesModule } from './employees/index';
import { exportsModule, sendCsvExportDecorator } from './exports/index';
import { farmOperationsModule } from './farm-operations/index';
import { farmSetupModule } from './farm-setup/index';
import { fieldCaptureModule } from './field-capture/index';
import { harvestModule } from './harvest/index';
import { healthModule } from './health/index';
import { metricsModule } from './metrics/index';
import { inputChecksModule } from './input-checks/index';
import { loginHistoryModule } from './login-history/index';
import { auditTrailModule } from './audit-trail/index';
import { lookupsModule } from './lookups/index';
import { maintenanceModule } from './maintenance/index';
import { notificationsModule } from './notifications/index';
import { organizationExportModule } from './organization-export/index';
import { organizationsModule } from './organizations/index';
import { packhouseReadingsModule } from './packhouse-readings/index';
import { packhousesModule } from './packhouses/index';
import { passwordResetModule } from './password-reset/index';
import { pestDashboardModule } from './pest-dashboard/index';
import { pestThresholdsModule } from './pest-thresholds/index';
import { pickingModule } from './picking/index';
import { preferencesModule } from './preferences/index';
import { releaseNotesModule } from './release-notes/index';
import { rolesModule } from './roles/index';
import { setupChecklistModule } from './setup-checklist/index';
import { shellModule } from './shell/index';
import { sprayModule } from './spray/index';
import { updatesModule } from './updates/index';
import { usersModule } from './users/index';

export async function registerModules(app: FastifyInstance): Promise<void> {
  // reply.sendCsvExport, for every module's CSV exports
  await app.register(sendCsvExportDecorator);
  await app.register(authModule);
  await app.register(healthModule);
  await app.register(metricsModule);
  await app.register(shellModule);
  await app.register(maintenanceModule);
  await app.register(rolesModule);
  await app.register(preferencesModule);
  await app.register(accountModule);
  await app.register(notificationsModule);
  await app.register(attentionModule);
  await app.register(usersModule);
  await app.register(passwordResetModule);
  await app.register(exportsModule);
  await app.register(harvestModule);
  await app.register(pickingModule);
  await app.register(packhousesModule);
  await app.register(packhouseReadingsModule);
  await app.register(loginHistoryModule);
  await app.register(auditTrailModule);
  await app.register(employeesModule);
  await app.register(attendanceModule);
  await app.register(farmOperationsModule);
  await app.register(farmSetupModule);
  await app.register(fieldCaptureModule);
  await app.register(inputChecksModule);
  await app.register(pestDashboardModule);
  await app.register(pestThresholdsModule);
  await app.register(sprayModule);
  await app.register(lookupsModule);
  await app.register(updatesModule);
  await app.register(organizationsModule);
  await app.register(organizationExportModule);
  await app.register(releaseNotesModule);
  await app.register(setupChecklistModule);
}
