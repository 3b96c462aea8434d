/**
 * Scouting sessions as a capture list: a block, the day with start and end time (start: when the
 * form was opened or the previous session saved; end: left empty, the time of saving on the phone,
 * which an offline capture keeps until it is sent; a session within one minute is refused, see
 * shared scoutingCaptureFormSchemas), and the observations per observation point.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  SCOUTING_PATHS,
  scoutingCaptureFormSchemas,
  scoutingPestOf,
  scoutingSessionsResponseSchema,
  type ScoutingSession,
} from '@orchard/shared/field-capture';
import type { Formatters } from '../../../lib/format';
import type { CaptureKind } from '../components/capture-kind';
import { instantText, timeOf, today } from '../components/capture-times';
import { placeOf } from '../components/field-inputs';
import { ScoutingForm } from './scouting-form';
import { newObservation, type ScoutingDraft } from './scouting-draft';

function toBody(d: ScoutingDraft): Record<string, unknown> {
  const now = new Date();
  return {
    farmBlockId: d.farmBlockId,
    startedAt: instantText(d.day, d.start),
    endedAt: d.end === '' && d.day === today(now) ? instantText(d.day, timeOf(now)) : instantText(d.day, d.end),
    observations: d.observations.map((o) => {
      const measure = o.pest ? scoutingPestOf(o.pest)?.measure : undefined;
      return {
        pointNumber: o.pointNumber,
        pest: o.pest,
        count: measure === 'presence' ? null : o.count,
        present: measure === 'count' ? null : o.present,
        note: o.note.trim() === '' ? null : o.note,
      };
    }),
  };
}

interface BodyObservation {
  pointNumber?: number | null;
  pest?: string | null;
  count?: number | null;
  present?: boolean | null;
  note?: string | null;
}

function fromTimes(farmBlockId: number | null, startedAt: string, endedAt: string, observations: BodyObservation[]): ScoutingDraft {
  const valid = (s: string) => s !== '' && !Number.isNaN(Date.parse(s));
  return {
    farmId: null,
    farmBlockId,
    day: valid(startedAt) ? today(new Date(startedAt)) : today(),
    start: valid(startedAt) ? timeOf(startedAt) : '',
    end: valid(endedAt) ? timeOf(endedAt) : '',
    observations: observations.map((o) => ({
      ...newObservation(o.pointNumber ?? null),
      pest: o.pest ?? null,
      count: o.count ?? null,
      present: o.present ?? null,
      note: o.note ?? '',
    })),
  };
}

const pestName = (key: string) => scoutingPestOf(key)?.name ?? key;

/** "Red scale 12, Citrus psylla present": each pest's total count, or present when seen at any point. */
export function findings(observations: readonly BodyObservation[], format: Formatters, presentText: string): string {
  const totals = new Map<string, number | boolean>();
  for (const o of observations) {
    if (!o.pest) continue;
    const before = totals.get(o.pest);
    if (o.count !== null && o.count !== undefined) totals.set(o.pest, (typeof before === 'number' ? before : 0) + o.count);
    else totals.set(o.pest, before === true || o.present === true);
  }
  return [...totals]
    .filter(([, v]) => v !== false)
    .map(([pest, v]) => `${pestName(pest)} ${typeof v === 'number' ? format.number(v) : presentText}`)
    .join(', ');
}

export const scoutingKind: CaptureKind<ScoutingSession, ScoutingDraft> = {
  key: 'scouting-sessions',
  listPath: SCOUTING_PATHS.sessions,
  itemPath: SCOUTING_PATHS.session,
  pageSchema: scoutingSessionsResponseSchema,
  // a session of some length (shared scoutingCaptureFormSchemas: what its end is, also offline)
  createSchema: scoutingCaptureFormSchemas.create,
  updateSchema: scoutingCaptureFormSchemas.update,
  viewPermission: PERMISSIONS.scoutingView,
  capturePermission: PERMISSIONS.scoutingCapture,
  importKind: 'scouting',
  texts: {
    section: 'fieldCapture.scouting.title',
    form: 'fieldCapture.scouting.form',
    list: 'fieldCapture.scouting.list',
    caption: 'fieldCapture.scouting.tableCaption',
    saved: 'fieldCapture.scouting.saved',
  },
  emptyDraft: (previous) => ({
    farmId: previous?.farmId ?? null,
    farmBlockId: previous?.farmBlockId ?? null,
    day: today(),
    start: timeOf(new Date()),
    end: '',
    observations: [newObservation()],
  }),
  fromRow: (row) => fromTimes(row.farmBlockId, row.startedAt, row.endedAt, row.observations),
  fromBody: (body) =>
    fromTimes(
      typeof body.farmBlockId === 'number' ? body.farmBlockId : null,
      String(body.startedAt ?? ''),
      String(body.endedAt ?? ''),
      Array.isArray(body.observations) ? (body.observations as BodyObservation[]) : [],
    ),
  toBody,
  summary: (body, blocks, format, t) => {
    const count = Array.isArray(body.observations) ? body.observations.length : 0;
    const when = body.startedAt ? format.dateTime(String(body.startedAt)) : '';
    return [placeOf(body.farmBlockId, blocks), when, t('fieldCapture.scouting.observationCount', { count })].filter(Boolean).join(', ');
  },
  rowName: (row, format) => `${row.blockName} ${format.dateTime(row.startedAt)}`,
  columns: [
    { header: 'fieldCapture.scouting.started', body: (row, format) => format.dateTime(row.startedAt) },
    { header: 'fieldCapture.scouting.ended', body: (row) => timeOf(row.endedAt) },
    { header: 'fieldCapture.scouting.observations', body: (row, format) => format.number(row.observations.length), className: 'num' },
    { header: 'fieldCapture.scouting.findings', body: (row, format, t) => findings(row.observations, format, t('fieldCapture.scouting.present')) },
  ],
  Form: ScoutingForm,
};
