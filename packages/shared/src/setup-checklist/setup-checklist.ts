/**
 * The setup checklist (docs/domain.md, Setup checklist): what a new organisation still lacks before
 * its first harvest report and picking row, in the order a customer sets it up. The server answers
 * each step's state for the current organisation; the dashboard shows the list until every step is
 * done, to members who may act on at least one step (SETUP_CHECKLIST_PERMISSIONS).
 */
import { z } from 'zod';
import { PERMISSIONS, type Permission } from '../core/permissions.js';

export const SETUP_CHECKLIST_PATHS = {
  /** GET: `{ steps: [{ step, done }] }` in SETUP_STEPS order; 403 for a member who may act on no step */
  checklist: '/api/setup-checklist',
} as const;

/**
 * The steps in order, each with the permission that lets a member act on it:
 * - legalEntity, farms, pucs, productionBlocks: at least one of the organisation's own (Farm Setup);
 * - packhouses: a packhouse the organisation owns or is linked to (Packhouses);
 * - userFarms: a member who is not a super user holds at least one of the organisation's farms
 *   (the farms decide what each user sees, so a member without any sees no harvest data);
 * - bins: a bin received from one of its production blocks (bin intake or its CSV import);
 * - pickingRows: a picking schedule row: a day's bins saved in Picking Schedule By PUC (where the
 *   step leads: a new organisation has no producer-view row to duplicate) or a producer-view row.
 */
export const SETUP_STEPS = ['legalEntity', 'farms', 'pucs', 'productionBlocks', 'packhouses', 'userFarms', 'bins', 'pickingRows'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_STEP_PERMISSIONS: Readonly<Record<SetupStep, Permission>> = {
  legalEntity: PERMISSIONS.managementFarmSetup,
  farms: PERMISSIONS.managementFarmSetup,
  pucs: PERMISSIONS.managementFarmSetup,
  productionBlocks: PERMISSIONS.managementFarmSetup,
  packhouses: PERMISSIONS.managementPackhouses,
  userFarms: PERMISSIONS.usersAssignFarms,
  bins: PERMISSIONS.harvestEstimatesEdit,
  pickingRows: PERMISSIONS.pickingEdit,
};

/** a member holding none of these is not asked to set anything up */
export const SETUP_CHECKLIST_PERMISSIONS: readonly Permission[] = [...new Set(Object.values(SETUP_STEP_PERMISSIONS))];

export const setupChecklistResponseSchema = z.object({
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
});
export type SetupChecklistResponse = z.infer<typeof setupChecklistResponseSchema>;
