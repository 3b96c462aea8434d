/**
 * Scouting capture: a scout's session on one farm block (the scout is the signed-in user who sends
 * it; start and end time) with the observations made at the block's observation points: a pest or
 * disease of SCOUTING_PESTS, counted or recorded as present or absent as the catalogue says, and an
 * optional note. The same sessions feed the farm operations dashboard (scouting time per block) and
 * the input checks (Scouting columns).
 *
 * Reading needs scouting.view, capturing, editing and deleting scouting.capture. See
 * field-capture.ts for the capture id, lists, versions and tenancy every capture shares. An edit
 * replaces the session's block, times and observations; the scout stays who captured it.
 */
import { z } from 'zod';
import { instantSchema } from '../core/common.js';
import {
  clientIdSchema,
  farmBlockIdSchema,
  fieldListQuerySchema,
  fieldNoteSchema,
  fieldPageSchema,
  fieldRecordShape,
  withVersion,
} from './field-capture.js';

export const SCOUTING_PATHS = {
  /** GET a page of sessions (?farmId=&blockId=&from=&to=&page=&pageSize=), POST captures one */
  sessions: '/api/scouting/sessions',
  /** GET, PUT (with version) and DELETE one session */
  session: '/api/scouting/sessions/:id',
} as const;

export type ScoutingMeasure = 'count' | 'presence';
export interface ScoutingPest {
  key: string;
  name: string;
  kind: 'pest' | 'disease';
  /** count: how many were seen at the point; presence: present or not */
  measure: ScoutingMeasure;
}

const pest = (key: string, name: string, kind: 'pest' | 'disease', measure: ScoutingMeasure): ScoutingPest => ({ key, name, kind, measure });

/** The pests and diseases a scout records in citrus orchards. Keys are stored; names are shown. */
export const SCOUTING_PESTS = [
  pest('red-scale', 'Red scale', 'pest', 'count'),
  pest('soft-scale', 'Soft scale', 'pest', 'count'),
  pest('mealybug', 'Mealybug', 'pest', 'count'),
  pest('false-codling-moth', 'False codling moth', 'pest', 'count'),
  pest('fruit-fly', 'Fruit fly', 'pest', 'count'),
  pest('citrus-thrips', 'Citrus thrips', 'pest', 'count'),
  pest('bollworm', 'Bollworm', 'pest', 'count'),
  pest('citrus-red-mite', 'Citrus red mite', 'pest', 'count'),
  pest('citrus-rust-mite', 'Citrus rust mite', 'pest', 'count'),
  pest('aphids', 'Aphids', 'pest', 'count'),
  pest('citrus-psylla', 'Citrus psylla', 'pest', 'presence'),
  pest('citrus-leafminer', 'Citrus leafminer', 'pest', 'presence'),
  pest('citrus-black-spot', 'Citrus black spot', 'disease', 'presence'),
  pest('alternaria-brown-spot', 'Alternaria brown spot', 'disease', 'presence'),
  pest('phytophthora', 'Phytophthora', 'disease', 'presence'),
  pest('citrus-greening', 'Citrus greening', 'disease', 'presence'),
] as const satisfies readonly ScoutingPest[];

export type ScoutingPestKey = (typeof SCOUTING_PESTS)[number]['key'];
export const SCOUTING_PEST_KEYS = SCOUTING_PESTS.map((p) => p.key) as [ScoutingPestKey, ...ScoutingPestKey[]];

export function scoutingPestOf(key: string): ScoutingPest | undefined {
  return SCOUTING_PESTS.find((p) => p.key === key);
}

/** Observation points are numbered from 1; a farm with max observation points above 0 allows that many. */
export const SCOUTING_POINT_MAX = 100;
export const SCOUTING_COUNT_MAX = 10_000;
export const SCOUTING_OBSERVATIONS_MAX = 500;
export const SCOUTING_SESSION_MAX_HOURS = 12;

export const SCOUTING_MESSAGES = {
  startInvalid: 'Enter the start time as a date and time',
  endInvalid: 'Enter the end time as a date and time',
  endBeforeStart: 'The end time must not be before the start time',
  noDuration: 'The session cannot end in the minute it starts: enter the time you started',
  sessionTooLong: `A scouting session lasts at most ${SCOUTING_SESSION_MAX_HOURS} hours`,
  timeInFuture: 'Scouting times cannot be in the future',
  pointRange: `The observation point must be a whole number from 1 to ${SCOUTING_POINT_MAX}`,
  pointAboveFarmMax: (max: number) => `This farm has ${max} observation points`,
  pestUnknown: 'Choose a pest or disease from the list',
  countRange: `The count must be a whole number from 0 to ${SCOUTING_COUNT_MAX}`,
  countRequired: 'Enter a count for this pest or disease',
  presenceRequired: 'Say whether this pest or disease is present',
  countNotTaken: 'This pest or disease is recorded as present or absent, not counted',
  presenceNotTaken: 'This pest or disease is counted: enter a count instead',
  presenceInvalid: 'Present must be yes or no',
  observationDuplicate: 'Each pest or disease is recorded once per observation point',
  tooManyObservations: `A session holds at most ${SCOUTING_OBSERVATIONS_MAX} observations`,
} as const;

/** The stable reason key of each of SCOUTING_MESSAGES (see reasons.ts). */
export const SCOUTING_REASONS = {
  startInvalid: 'scouting-start-invalid',
  endInvalid: 'scouting-end-invalid',
  endBeforeStart: 'scouting-end-before-start',
  noDuration: 'scouting-no-duration',
  sessionTooLong: 'scouting-session-too-long',
  timeInFuture: 'scouting-time-in-future',
  pointRange: 'scouting-point-range',
  pointAboveFarmMax: 'scouting-point-above-farm-max',
  pestUnknown: 'scouting-pest-unknown',
  countRange: 'scouting-count-range',
  countRequired: 'scouting-count-required',
  presenceRequired: 'scouting-presence-required',
  countNotTaken: 'scouting-count-not-taken',
  presenceNotTaken: 'scouting-presence-not-taken',
  presenceInvalid: 'scouting-presence-invalid',
  observationDuplicate: 'scouting-observation-duplicate',
  tooManyObservations: 'scouting-too-many-observations',
} as const satisfies Record<keyof typeof SCOUTING_MESSAGES, string>;

const M = SCOUTING_MESSAGES;

export const scoutingObservationBodySchema = z
  .object({
    pointNumber: z
      .number({ error: M.pointRange })
      .int({ message: M.pointRange })
      .min(1, { message: M.pointRange })
      .max(SCOUTING_POINT_MAX, { message: M.pointRange }),
    pest: z.enum(SCOUTING_PEST_KEYS, { error: M.pestUnknown }),
    count: z
      .number({ error: M.countRange })
      .int({ message: M.countRange })
      .min(0, { message: M.countRange })
      .max(SCOUTING_COUNT_MAX, { message: M.countRange })
      .nullable()
      .default(null),
    present: z.boolean({ error: M.presenceInvalid }).nullable().default(null),
    note: fieldNoteSchema,
  })
  .superRefine((o, ctx) => {
    const measure = scoutingPestOf(o.pest)?.measure;
    if (measure === 'count') {
      if (o.count === null) ctx.addIssue({ code: 'custom', path: ['count'], message: M.countRequired });
      if (o.present !== null) ctx.addIssue({ code: 'custom', path: ['present'], message: M.presenceNotTaken });
    } else if (measure === 'presence') {
      if (o.present === null) ctx.addIssue({ code: 'custom', path: ['present'], message: M.presenceRequired });
      if (o.count !== null) ctx.addIssue({ code: 'custom', path: ['count'], message: M.countNotTaken });
    }
  });
export type ScoutingObservationBody = z.infer<typeof scoutingObservationBodySchema>;

const sessionShape = {
  farmBlockId: farmBlockIdSchema,
  /** ISO 8601 with an offset, e.g. 2026-03-02T07:30:00+02:00 */
  startedAt: instantSchema(M.startInvalid),
  endedAt: instantSchema(M.endInvalid),
  observations: z.array(scoutingObservationBodySchema).max(SCOUTING_OBSERVATIONS_MAX, { message: M.tooManyObservations }).default([]),
};

/** The rules across fields: end not before start, at most SCOUTING_SESSION_MAX_HOURS, one pest once per point. */
function checkSession(s: { startedAt: string; endedAt: string; observations: ScoutingObservationBody[] }, ctx: z.RefinementCtx) {
  const ms = Date.parse(s.endedAt) - Date.parse(s.startedAt);
  if (ms < 0) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: M.endBeforeStart });
  else if (ms > SCOUTING_SESSION_MAX_HOURS * 3_600_000) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: M.sessionTooLong });
  const seen = new Set<string>();
  s.observations.forEach((o, i) => {
    const key = `${o.pointNumber}:${o.pest}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['observations', i, 'pest'], message: M.observationDuplicate });
    seen.add(key);
  });
}

export const createScoutingSessionBodySchema = z.object({ clientId: clientIdSchema, ...sessionShape }).superRefine(checkSession);
export type CreateScoutingSessionBody = z.infer<typeof createScoutingSessionBodySchema>;
export const updateScoutingSessionBodySchema = withVersion(sessionShape).superRefine(checkSession);
export type UpdateScoutingSessionBody = z.infer<typeof updateScoutingSessionBodySchema>;

/**
 * What the phone's capture form takes beyond the routes' schemas: a session of some length.
 *
 * A session's end, left empty on the form, is the moment the scout saves it on the phone, online or
 * offline: the capture waits in the outbox with that time and is sent unchanged later, never with
 * the time it reaches the server. The form's start is the moment it was opened or the previous
 * session saved. Both in one minute means neither time was taken on the block (a session entered
 * afterwards from notes, a page reloaded on the block), so the form asks for the start time instead
 * of storing a session of no length, which Farm Operations would show as 0 minutes per ha. The
 * routes take any end not before the start: an import or another client carries the times it has.
 */
function refuseNoDuration(s: { startedAt: string; endedAt: string }, ctx: z.RefinementCtx) {
  const start = Date.parse(s.startedAt);
  const end = Date.parse(s.endedAt);
  if (Number.isFinite(start) && Number.isFinite(end) && Math.floor(start / 60_000) === Math.floor(end / 60_000)) {
    ctx.addIssue({ code: 'custom', path: ['endedAt'], message: M.noDuration });
  }
}

export const scoutingCaptureFormSchemas = {
  create: createScoutingSessionBodySchema.superRefine(refuseNoDuration),
  update: updateScoutingSessionBodySchema.superRefine(refuseNoDuration),
};

export const scoutingSessionsQuerySchema = fieldListQuerySchema({});
export type ScoutingSessionsQuery = z.infer<typeof scoutingSessionsQuerySchema>;

export const scoutingObservationSchema = z.object({
  pointNumber: z.number().int(),
  pest: z.string(),
  count: z.number().int().nullable(),
  present: z.boolean().nullable(),
  note: z.string().nullable(),
});
export type ScoutingObservation = z.infer<typeof scoutingObservationSchema>;

export const scoutingSessionSchema = z.object({
  ...fieldRecordShape,
  /** null for sessions recorded before field capture */
  clientId: z.string().nullable(),
  /** the scout (capturedByName is their name) */
  scoutUserId: z.number().int(),
  /** ISO 8601 */
  startedAt: z.string(),
  endedAt: z.string(),
  /** by point number, then pest */
  observations: z.array(scoutingObservationSchema),
});
export type ScoutingSession = z.infer<typeof scoutingSessionSchema>;
export const scoutingSessionsResponseSchema = fieldPageSchema(scoutingSessionSchema);
export type ScoutingSessionsResponse = z.infer<typeof scoutingSessionsResponseSchema>;
