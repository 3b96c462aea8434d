/**
 * Where attention items come from: one source per type, each saying which permissions a user needs
 * for its items and producing them as they stand now (decided or not) for that user in the current
 * organisation. The list and ConfirmAction both go through these, so an item a user cannot see is
 * never listed and never confirmed.
 *
 * Input checks: the farms the input checks report calls stale (input-checks module, the same
 * figures), for users who may read that report.
 */
import {
  ATTENTION_ACTIONS,
  ATTENTION_LINKS,
  capacityActionValue,
  inputChecksActionValue,
  parseInputChecksActionValue,
  parseCapacityActionValue,
  parseEstimateActionValue,
  type AttentionItem,
  type AttentionType,
  type CapacityAttentionItem,
  type EstimateAttentionItem,
  type InputChecksAttentionItem,
} from '@orchard/shared/attention';
import { PERMISSIONS, dayOf, dayBounds, type Permission } from '@orchard/shared/core';
import { isoWeekOf, mondayOfIsoWeek } from '@orchard/shared/picking';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { findStaleFarms } from '../input-checks/index';
import { findEstimatesChangedByOthers, findLatestSeason, findWeeksOverCapacity } from './attention.repository';

/** The caller: the user in the current organisation with their permissions there. */
export interface AttentionActor extends FarmViewer {
  permissions: ReadonlySet<string>;
}

export interface AttentionSource {
  type: AttentionType;
  /** every one of these, in the current organisation */
  permissions: readonly Permission[];
  /** the items as they stand at `now`; `value` narrows to the one it names (none when it names none) */
  items(db: AppDb, actor: AttentionActor, now: Date, value?: string): Promise<AttentionItem[]>;
}

const actions = [...ATTENTION_ACTIONS];

/** Weeks planned over a packhouse's capacity, from the current ISO week on (the capacity table's rule: owned packhouses, picking.view). */
const capacitySource: AttentionSource = {
  type: 'capacity',
  permissions: [PERMISSIONS.pickingView],
  async items(db, actor, now, value) {
    const only = value === undefined ? undefined : parseCapacityActionValue(value);
    if (only === null) return [];
    const current = isoWeekOf(dayOf(now));
    const rows = await findWeeksOverCapacity(db, actor.organizationId, current.year * 100 + current.week, only);
    return rows.map(
      (r): CapacityAttentionItem => ({
        type: 'capacity',
        actionValue: capacityActionValue(r.packhouseId, r.year, r.week),
        at: r.at.toISOString(),
        link: ATTENTION_LINKS.capacity,
        actions,
        packhouseId: r.packhouseId,
        packhouseName: r.packhouseName,
        year: r.year,
        week: r.week,
        totalBins: r.totalBins,
        capacity: r.capacity,
      }),
    );
  },
};

/** The latest estimate of a visible block saved by someone else, in the season the reports show. */
const estimateSource: AttentionSource = {
  type: 'estimate',
  permissions: [PERMISSIONS.harvestReports, PERMISSIONS.harvestEstimatesEdit],
  async items(db, actor, now, value) {
    const onlyId = value === undefined ? undefined : parseEstimateActionValue(value);
    if (onlyId === null) return [];
    const season = (await findLatestSeason(db, actor.organizationId)) ?? Number(dayOf(now).slice(0, 4));
    const rows = await findEstimatesChangedByOthers(db, actor, season, onlyId);
    return rows.map(
      (r): EstimateAttentionItem => ({
        type: 'estimate',
        actionValue: String(r.estimateId),
        at: r.createdAt.toISOString(),
        link: ATTENTION_LINKS.estimate(r.pucId),
        actions,
        estimateId: r.estimateId,
        productionBlockId: r.productionBlockId,
        blockCode: r.blockCode,
        pucId: r.pucId,
        pucName: r.pucName,
        farmName: r.farmName,
        season: r.season,
        tonnesPerHaAdjusted: r.tonnesPerHaAdjusted,
        previousTonnesPerHaAdjusted: r.previousTonnesPerHaAdjusted === null ? null : Number(r.previousTonnesPerHaAdjusted),
        changedByName: r.changedByName,
      }),
    );
  },
};

/** The caller's farms whose input checks are stale, one item per farm and ISO week. */
const inputChecksSource: AttentionSource = {
  type: 'input-checks',
  permissions: [PERMISSIONS.managementInputChecks],
  async items(db, actor, now, value) {
    const only = value === undefined ? undefined : parseInputChecksActionValue(value);
    if (only === null) return [];
    const week = isoWeekOf(dayOf(now));
    if (only && (only.year !== week.year || only.week !== week.week)) return [];
    const at = dayBounds(mondayOfIsoWeek(week.year, week.week)).from.toISOString();
    return (await findStaleFarms(db, actor, now))
      .filter((f) => !only || f.farmId === only.farmId)
      .map(
        (f): InputChecksAttentionItem => ({
          type: 'input-checks',
          actionValue: inputChecksActionValue(f.farmId, week.year, week.week),
          at,
          link: ATTENTION_LINKS.inputChecks,
          actions,
          farmId: f.farmId,
          farmName: f.farmName,
          kinds: f.kinds.map((k) => ({ kind: k.kind, oldest: k.figures.oldest })),
        }),
      );
  },
};

export const ATTENTION_SOURCES: readonly AttentionSource[] = [capacitySource, estimateSource, inputChecksSource];

export const mayUse = (actor: AttentionActor, source: AttentionSource) => source.permissions.every((p) => actor.permissions.has(p));
