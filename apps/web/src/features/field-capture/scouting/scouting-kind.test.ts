import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScoutingSessionBodySchema, SCOUTING_MESSAGES } from '@orchard/shared/field-capture';
import { issuesByField } from '../../../lib/form-issues';
import { createFormatters } from '../../../lib/format';
import { instantText, timeOf } from '../components/capture-times';
import { findings, scoutingKind } from './scouting-kind';

const CLIENT_ID = '9b2f3c1e-8d4a-4f6b-9c1d-2e3f4a5b6c7d';

describe('scouting capture', () => {
  afterEach(() => vi.useRealTimers());

  it('reads days and times in South African time, whatever the phone zone', () => {
    expect(instantText('2026-03-02', '07:30')).toBe('2026-03-02T07:30:00+02:00');
    expect(timeOf('2026-03-02T05:30:00Z')).toBe('07:30');
    expect(instantText('2026-02-30', '07:30')).toBe('');
    expect(instantText('2026-03-02', '24:00')).toBe('');
  });

  it('sends an empty end time on the day itself as the time of saving', () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:15:20Z') });
    const draft = { ...scoutingKind.emptyDraft(null), farmBlockId: 4, start: '10:00' };
    const body = scoutingKind.toBody(draft);
    expect(body.startedAt).toBe('2026-03-02T10:00:00+02:00');
    expect(body.endedAt).toBe('2026-03-02T11:15:00+02:00');
    // on another day an empty end time is no time: the schema says so
    const earlier = scoutingKind.toBody({ ...draft, day: '2026-03-01' });
    expect(issuesByField(createScoutingSessionBodySchema, { ...earlier, clientId: CLIENT_ID }).endedAt).toBe('Enter the end time as a date and time');
  });

  it('an offline capture keeps the time it was saved as its end, and a session within one minute asks for its start', () => {
    // saved on the phone at 11:15 (no network): the body the outbox keeps carries 11:15, whenever it is sent
    vi.useFakeTimers({ now: new Date('2026-03-02T09:15:20Z') });
    const draft = { ...scoutingKind.emptyDraft(null), farmBlockId: 4, start: '10:00' };
    const saved = scoutingKind.toBody(draft);
    vi.setSystemTime(new Date('2026-03-02T13:40:00Z'));
    expect(saved.endedAt).toBe('2026-03-02T11:15:00+02:00');
    // the form opened (or the previous session saved) in the minute it is saved: no time was taken on the block
    vi.setSystemTime(new Date('2026-03-02T09:15:50Z'));
    const rushed = scoutingKind.toBody({ ...scoutingKind.emptyDraft(draft), observations: [] });
    expect(rushed.startedAt).toBe(rushed.endedAt);
    expect(issuesByField(scoutingKind.createSchema, { ...rushed, clientId: CLIENT_ID })).toEqual({ endedAt: SCOUTING_MESSAGES.noDuration });
    expect(issuesByField(scoutingKind.updateSchema, { ...rushed, version: 1 })).toEqual({ endedAt: SCOUTING_MESSAGES.noDuration });
    // with its start typed it is saved
    expect(issuesByField(scoutingKind.createSchema, { ...scoutingKind.toBody({ ...draft, observations: [] }), clientId: CLIENT_ID })).toEqual({});
    // the routes take what an import or another client carries
    expect(issuesByField(createScoutingSessionBodySchema, { ...rushed, clientId: CLIENT_ID })).toEqual({});
  });

  it('sends a count for counted pests and present for the others, never both; the schema names the missing one', () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:15:00Z') });
    const base = scoutingKind.emptyDraft(null);
    const [o] = base.observations;
    const draft = {
      ...base,
      farmBlockId: 4,
      start: '10:00',
      observations: [
        { ...o!, pest: 'red-scale', count: 3, present: true },
        { ...o!, key: 'b', pest: 'citrus-psylla', count: 5, present: null },
      ],
    };
    const body = scoutingKind.toBody(draft);
    expect(body.observations).toEqual([
      { pointNumber: 1, pest: 'red-scale', count: 3, present: null, note: null },
      { pointNumber: 1, pest: 'citrus-psylla', count: null, present: null, note: null },
    ]);
    expect(issuesByField(createScoutingSessionBodySchema, { ...body, clientId: CLIENT_ID })).toEqual({
      'observations.1.present': 'Say whether this pest or disease is present',
    });
    // a refused capture comes back into the form as it was sent
    const again = scoutingKind.fromBody(body);
    expect(again).toMatchObject({ farmBlockId: 4, day: '2026-03-02', start: '10:00', end: '11:15' });
    expect(scoutingKind.toBody(again)).toEqual(body);
  });

  it('sums counts and marks presence per pest', () => {
    const format = createFormatters('en-ZA');
    const observations = [
      { pest: 'red-scale', count: 3, present: null },
      { pest: 'red-scale', count: 4, present: null },
      { pest: 'citrus-psylla', count: null, present: false },
      { pest: 'citrus-greening', count: null, present: true },
    ];
    expect(findings(observations, format, 'present')).toBe('Red scale 7, Citrus greening present');
  });
});
