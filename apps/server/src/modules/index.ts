/** Every feature module registers its routes here. */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account.routes';
import { attendanceModule } from './attendance/index';
import { attentionModule } from './attention/index';
import { authRoutes } from './auth/auth.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { organizationsModule } from './organizations/index';
import { preferencesRoutes } from './preferences/preferences.routes';
import { releaseNotesModule } from './release-notes/index';
import { rolesRoutes } from './roles/roles.routes';
import { employeesModule } from './employees/index';
import { exportsRoutes } from './exports/exports.routes';
import { farmOperationsModule } from './farm-operations/index';
import { farmSetupModule } from './farm-setup/index';
import { fieldReadingsModule } from './field-readings/index';
import { harvestModule } from './harvest/index';
import { inputChecksModule } from './input-checks/index';
import { loginHistoryModule } from './login-history/index';
import { lookupsModule } from './lookups/index';
import { organizationOnboardingModule } from './organization-onboarding/index';
import { packhousesModule } from './packhouses/index';
import { packhouseReadingsModule } from './packhouse-readings/index';
import { pestDashboardModule } from './pest-dashboard/index';
import { pickingModule } from './picking/index';
import { shellModule } from './shell/index';
import { updatesModule } from './updates/index';
import { usersModule } from './users/index';

export async function registerModules(app: FastifyInstance): Promise<void> {
  // modules are added as they are built
  await app.register(authRoutes);
  await app.register(shellModule);
  await app.register(rolesRoutes);
  await app.register(preferencesRoutes);
  await app.register(accountRoutes);
  await app.register(notificationsRoutes);
  await app.register(attentionModule);
  await app.register(usersModule);
  // the export log every CSV export writes to
  await app.register(exportsRoutes);
  await app.register(harvestModule);
  await app.register(pickingModule);
  await app.register(packhousesModule);
  await app.register(packhouseReadingsModule);
  await app.register(loginHistoryModule);
  await app.register(employeesModule);
  await app.register(attendanceModule);
  await app.register(farmOperationsModule);
  await app.register(farmSetupModule);
  await app.register(fieldReadingsModule);
  await app.register(inputChecksModule);
  await app.register(pestDashboardModule);
  await app.register(lookupsModule);
  await app.register(updatesModule);
  await app.register(organizationsModule);
  await app.register(releaseNotesModule);
  await app.register(organizationOnboardingModule);
}
