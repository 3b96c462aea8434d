/** Queries of an organisation's pest dashboard thresholds (db/schema/pest-thresholds.ts). */
import { and, asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { pestActionThresholds, pestDashboardSettings, trapCountThresholds } from '../../db/schema/index';
import { nextVersion } from '../../data-rules/versioning';

/** The organisation's saved set, or null when it works with the defaults. */
export async function findThresholds(db: AppDb, organizationId: number) {
  const [settings] = await db
    .select({ version: pestDashboardSettings.version, scoutingFrequencyDays: pestDashboardSettings.scoutingFrequencyDays })
    .from(pestDashboardSettings)
    .where(eq(pestDashboardSettings.organizationId, organizationId));
  if (!settings) return null;
  const [pests, traps] = await Promise.all([
    db
      .select({ pest: pestActionThresholds.pest, thresholdPercent: pestActionThresholds.thresholdPercent })
      .from(pestActionThresholds)
      .where(eq(pestActionThresholds.organizationId, organizationId))
      .orderBy(asc(pestActionThresholds.pest)),
    db
      .select({ trapType: trapCountThresholds.trapType, pest: trapCountThresholds.pest, thresholdCount: trapCountThresholds.thresholdCount })
      .from(trapCountThresholds)
      .where(eq(trapCountThresholds.organizationId, organizationId))
      .orderBy(asc(trapCountThresholds.trapType), asc(trapCountThresholds.pest)),
  ]);
  return { ...settings, pests, traps };
}

/** The first save of an organisation's own set: false when another save came first. */
export async function insertSettings(db: AppDb, organizationId: number, scoutingFrequencyDays: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(pestDashboardSettings)
    .values({ organizationId, scoutingFrequencyDays, updatedByUserId: userId })
    .onConflictDoNothing()
    .returning({ version: pestDashboardSettings.version });
  return rows.length > 0;
}

/** A later save, based on `version`: false when the stored version moved on. */
export async function updateSettings(db: AppDb, organizationId: number, version: number, scoutingFrequencyDays: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(pestDashboardSettings)
    .set({ scoutingFrequencyDays, version: nextVersion(pestDashboardSettings.version), updatedAt: new Date(), updatedByUserId: userId })
    .where(and(eq(pestDashboardSettings.organizationId, organizationId), eq(pestDashboardSettings.version, version)))
    .returning({ version: pestDashboardSettings.version });
  return rows.length > 0;
}

/** Replaces the organisation's pest and trap thresholds. */
export async function replaceThresholds(
  db: AppDb,
  organizationId: number,
  pests: readonly { pest: string; thresholdPercent: number }[],
  traps: readonly { trapType: string; pest: string; thresholdCount: number }[],
): Promise<void> {
  await db.delete(pestActionThresholds).where(eq(pestActionThresholds.organizationId, organizationId));
  await db.delete(trapCountThresholds).where(eq(trapCountThresholds.organizationId, organizationId));
  if (pests.length > 0) await db.insert(pestActionThresholds).values(pests.map((p) => ({ organizationId, ...p })));
  if (traps.length > 0) await db.insert(trapCountThresholds).values(traps.map((t) => ({ organizationId, ...t })));
}
