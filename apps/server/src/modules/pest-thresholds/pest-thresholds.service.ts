/**
 * An organisation's pest dashboard thresholds (shared pest-thresholds/pest-thresholds.ts): the saved set, or the
 * citrus defaults while it never saved one; and the save, which replaces the whole set in one
 * transaction when it names the version it was based on (0: the defaults), else 412.
 */
import {
  DEFAULT_PEST_DASHBOARD_THRESHOLDS,
  PEST_THRESHOLDS_MESSAGES,
  pestThresholdsResponse,
  type PestActionThreshold,
  type PestThresholds,
  type PestThresholdsResponse,
  type SavePestThresholdsBody,
  type TrapCountThreshold,
} from '@orchard/shared/pest-thresholds';
import type { AppDb } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit-trail/index';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { preconditionFailed } from '../../lib/errors';
import { findThresholds, insertSettings, replaceThresholds, updateSettings } from './pest-thresholds.repository';

/** The thresholds the organisation's dashboard works with. */
export async function loadThresholds(db: AppDb, organizationId: number): Promise<PestThresholds> {
  const saved = await findThresholds(db, organizationId);
  if (!saved) return DEFAULT_PEST_DASHBOARD_THRESHOLDS;
  return {
    version: saved.version,
    isDefault: false,
    scoutingFrequencyDays: saved.scoutingFrequencyDays,
    // stored through the save's schema: keys of the catalogues
    pests: saved.pests as PestActionThreshold[],
    traps: saved.traps as TrapCountThreshold[],
  };
}

export async function getThresholds(db: AppDb, organizationId: number): Promise<PestThresholdsResponse> {
  return pestThresholdsResponse(await loadThresholds(db, organizationId));
}

const stale = () => preconditionFailed(PEST_THRESHOLDS_MESSAGES.stale);

/** The set as the audit trail compares it: one field per pest and per trap type and pest. */
function auditedThresholds(t: Pick<PestThresholds, 'scoutingFrequencyDays' | 'pests' | 'traps'>): Record<string, unknown> {
  return {
    scoutingFrequencyDays: t.scoutingFrequencyDays,
    ...Object.fromEntries(t.pests.map((p) => [`pest ${p.pest} %`, p.thresholdPercent])),
    ...Object.fromEntries(t.traps.map((p) => [`trap ${p.trapType} ${p.pest}`, p.thresholdCount])),
  };
}

export async function saveThresholds(db: AppDb, actor: FarmViewer & AuditActor, body: SavePestThresholdsBody): Promise<PestThresholdsResponse> {
  const { organizationId, userId } = actor;
  await db.transaction(async (tx) => {
    const before = await loadThresholds(tx, organizationId);
    const saved =
      body.version === 0
        ? await insertSettings(tx, organizationId, body.scoutingFrequencyDays, userId)
        : await updateSettings(tx, organizationId, body.version, body.scoutingFrequencyDays, userId);
    if (!saved) throw stale();
    await replaceThresholds(tx, organizationId, body.pests, body.traps);
    await recordAudit(tx, actor, {
      organizationId,
      area: 'pest-thresholds',
      action: 'update',
      entityType: 'pest-thresholds',
      entityId: organizationId,
      label: 'Pest thresholds',
      before: auditedThresholds(before),
      after: auditedThresholds(body),
    });
  });
  return getThresholds(db, organizationId);
}
