/**
 * Stable reason keys for every error the API sends and every issue the shared validators raise.
 * The texts (the `message` strings) are the product's and fixed; screens branch and translate on
 * the key instead. Each group of messages declares its keys next to itself (USER_REASONS beside
 * USER_MESSAGES, ...); this module gathers them into the one ErrorReason union and maps a shared
 * message constant to its key (`reasonOf`), so a rule is still written once, with its constant.
 */
import { CHANGE_PASSWORD_MESSAGES, CHANGE_PASSWORD_REASONS } from '../account/account.js';
import { ATTENDANCE_MESSAGES, ATTENDANCE_REASONS } from '../attendance/attendance.js';
import { ATTENTION_MESSAGES, ATTENTION_REASONS } from '../attention/attention.js';
import { LOGIN_ERROR_MESSAGES, LOGIN_ERROR_REASONS } from '../auth/auth-errors.js';
import { ERROR_CODE_REASONS, NETWORK_ERROR_REASON, SERVER_REASONS } from '../auth/sign-in-reasons.js';
import { EMPLOYEE_MESSAGES, EMPLOYEE_REASONS } from '../employees/employees.js';
import { FARM_SETUP_MESSAGES, FARM_SETUP_REASONS } from '../farm-setup/farm-setup.js';
import { LOOKUP_MESSAGES, LOOKUP_REASONS } from '../lookups/lookups.js';
import { FIELD_CAPTURE_MESSAGES, FIELD_CAPTURE_REASONS } from '../field-capture/field-capture.js';
import { IRRIGATION_MESSAGES, IRRIGATION_REASONS } from '../field-capture/irrigation.js';
import { PHENOLOGY_MESSAGES, PHENOLOGY_REASONS } from '../field-capture/phenology.js';
import { SCOUTING_MESSAGES, SCOUTING_REASONS } from '../field-capture/scouting.js';
import { TRAP_MESSAGES, TRAP_REASONS } from '../field-capture/traps.js';
import { FIELD_IMPORT_MESSAGES, FIELD_IMPORT_REASONS } from '../field-capture/field-import.js';
import { PEST_THRESHOLDS_MESSAGES, PEST_THRESHOLDS_REASONS } from '../pest-thresholds/pest-thresholds.js';
import { PACKHOUSE_READINGS_MESSAGES, PACKHOUSE_READINGS_REASONS } from '../packhouse-readings/packhouse-readings.js';
import { SPRAY_MESSAGES, SPRAY_REASONS } from '../spray/spray-products.js';
import {
  BIN_IMPORT_MESSAGES,
  BIN_IMPORT_REASONS,
  BIN_MESSAGES,
  BIN_REASONS,
  ESTIMATE_CONFLICT_MESSAGE,
  UNLINKED_BLOCK_MESSAGE,
} from '../harvest/harvest.js';
import { PACKHOUSE_MESSAGES, PACKHOUSE_REASONS } from '../packhouses/packhouses.js';
import { PICKING_MESSAGES, PICKING_REASONS } from '../picking/picking.js';
import { LAST_FULL_MEMBER_MESSAGE, ROLE_MESSAGES, ROLE_REASONS } from '../roles/roles.js';
import { PREFERENCES_MESSAGES, PREFERENCES_REASONS } from '../preferences/themes.js';
import { UPDATE_MESSAGES, UPDATE_REASONS } from '../updates/updates.js';
import { UPLOAD_MESSAGES, UPLOAD_REASONS } from './uploads.js';
import { USER_MESSAGES, USER_REASONS } from '../users/users.js';
import { ADJUSTED_TONNES_PER_HA_MESSAGE } from '../harvest/schemas.js';
import { PLEASE_SELECT_A_PACKHOUSE, PLEASE_SELECT_A_PICKING_PROGRESS, WHOLE_NUMBER_MESSAGE } from '../picking/rules.js';

type MessageText = string | ((...args: never[]) => string);
type Values<T> = T[keyof T];

/** messages that are constants of their own rather than members of a group */
const SINGLE_MESSAGES = [
  [LAST_FULL_MEMBER_MESSAGE, 'last-full-member'],
  [PLEASE_SELECT_A_PACKHOUSE, 'packhouse-not-selected'],
  [PLEASE_SELECT_A_PICKING_PROGRESS, 'picking-progress-not-selected'],
  [WHOLE_NUMBER_MESSAGE, 'whole-number-invalid'],
  [ADJUSTED_TONNES_PER_HA_MESSAGE, 'adjusted-tonnes-per-ha-range'],
  [ESTIMATE_CONFLICT_MESSAGE, 'estimate-conflict'],
  [UNLINKED_BLOCK_MESSAGE, 'estimate-block-unlinked'],
] as const;

export { ERROR_CODE_REASONS, isSignInReason, NETWORK_ERROR_REASON, SERVER_REASONS } from '../auth/sign-in-reasons.js';

const GROUPS = [
  [USER_MESSAGES, USER_REASONS],
  [CHANGE_PASSWORD_MESSAGES, CHANGE_PASSWORD_REASONS],
  [LOGIN_ERROR_MESSAGES, LOGIN_ERROR_REASONS],
  [ROLE_MESSAGES, ROLE_REASONS],
  [PACKHOUSE_MESSAGES, PACKHOUSE_REASONS],
  [PICKING_MESSAGES, PICKING_REASONS],
  [EMPLOYEE_MESSAGES, EMPLOYEE_REASONS],
  [ATTENDANCE_MESSAGES, ATTENDANCE_REASONS],
  [BIN_MESSAGES, BIN_REASONS],
  [BIN_IMPORT_MESSAGES, BIN_IMPORT_REASONS],
  [UPDATE_MESSAGES, UPDATE_REASONS],
  [PREFERENCES_MESSAGES, PREFERENCES_REASONS],
  [ATTENTION_MESSAGES, ATTENTION_REASONS],
  [FARM_SETUP_MESSAGES, FARM_SETUP_REASONS],
  [LOOKUP_MESSAGES, LOOKUP_REASONS],
  [FIELD_CAPTURE_MESSAGES, FIELD_CAPTURE_REASONS],
  [SCOUTING_MESSAGES, SCOUTING_REASONS],
  [TRAP_MESSAGES, TRAP_REASONS],
  [IRRIGATION_MESSAGES, IRRIGATION_REASONS],
  [PHENOLOGY_MESSAGES, PHENOLOGY_REASONS],
  [FIELD_IMPORT_MESSAGES, FIELD_IMPORT_REASONS],
  [PEST_THRESHOLDS_MESSAGES, PEST_THRESHOLDS_REASONS],
  [PACKHOUSE_READINGS_MESSAGES, PACKHOUSE_READINGS_REASONS],
  [SPRAY_MESSAGES, SPRAY_REASONS],
  [UPLOAD_MESSAGES, UPLOAD_REASONS],
] as const;

/** Every reason an error or a validation issue can carry. */
export type ErrorReason =
  | Values<typeof USER_REASONS>
  | Values<typeof CHANGE_PASSWORD_REASONS>
  | Values<typeof LOGIN_ERROR_REASONS>
  | Values<typeof ROLE_REASONS>
  | Values<typeof PACKHOUSE_REASONS>
  | Values<typeof PICKING_REASONS>
  | Values<typeof EMPLOYEE_REASONS>
  | Values<typeof ATTENDANCE_REASONS>
  | Values<typeof BIN_REASONS>
  | Values<typeof BIN_IMPORT_REASONS>
  | Values<typeof UPDATE_REASONS>
  | Values<typeof PREFERENCES_REASONS>
  | Values<typeof ATTENTION_REASONS>
  | Values<typeof FARM_SETUP_REASONS>
  | Values<typeof LOOKUP_REASONS>
  | Values<typeof FIELD_CAPTURE_REASONS>
  | Values<typeof SCOUTING_REASONS>
  | Values<typeof TRAP_REASONS>
  | Values<typeof IRRIGATION_REASONS>
  | Values<typeof PHENOLOGY_REASONS>
  | Values<typeof FIELD_IMPORT_REASONS>
  | Values<typeof PEST_THRESHOLDS_REASONS>
  | Values<typeof PACKHOUSE_READINGS_REASONS>
  | Values<typeof SPRAY_REASONS>
  | Values<typeof UPLOAD_REASONS>
  | (typeof SINGLE_MESSAGES)[number][1]
  | Values<typeof ERROR_CODE_REASONS>
  | (typeof SERVER_REASONS)[number]
  | typeof NETWORK_ERROR_REASON;

/** each message constant with its key */
export const MESSAGE_REASONS: readonly (readonly [MessageText, ErrorReason])[] = [
  ...GROUPS.flatMap(([messages, reasons]) =>
    Object.entries(messages).map(([name, text]) => [text as MessageText, reasons[name as keyof typeof reasons] as ErrorReason] as const),
  ),
  ...SINGLE_MESSAGES,
];

/** Every reason, for the envelope's schema. */
export const ERROR_REASONS = [
  ...new Set<ErrorReason>([
    ...MESSAGE_REASONS.map(([, reason]) => reason),
    ...Object.values(ERROR_CODE_REASONS),
    ...SERVER_REASONS,
    NETWORK_ERROR_REASON,
  ]),
] as [ErrorReason, ...ErrorReason[]];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const HOLE = '\u0000';

const byText = new Map<string, ErrorReason>();
/** messages with values filled in: userNameTaken(name), 'Week {week} of {year} is read-only.' */
const byPattern: (readonly [RegExp, ErrorReason])[] = [];
for (const [message, reason] of MESSAGE_REASONS) {
  if (typeof message === 'function') {
    const sample = (message as (...args: string[]) => string)(...Array.from({ length: message.length }, () => HOLE));
    byPattern.push([new RegExp(`^${escapeRegExp(sample).split(HOLE).join('[\\s\\S]*')}$`), reason]);
  } else if (/\{\w+\}/.test(message)) {
    byPattern.push([new RegExp(`^${escapeRegExp(message).replace(/\\\{\w+\\\}/g, '[\\s\\S]*')}$`), reason]);
  } else if (!byText.has(message)) {
    byText.set(message, reason);
  }
}

/**
 * The key of a shared message constant (also once filled in), or undefined for a text no rule
 * declares. Identical texts are one rule and share one key (shared.reasons.test checks it).
 */
export function reasonOf(message: string | undefined | null): ErrorReason | undefined {
  if (message === undefined || message === null) return undefined;
  const exact = byText.get(message);
  if (exact) return exact;
  return byPattern.find(([pattern]) => pattern.test(message))?.[1];
}

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && (ERROR_REASONS as readonly string[]).includes(value);
}
