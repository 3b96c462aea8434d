/** What the scouting form holds while a session is captured or edited. */
export interface ObservationDraft {
  /** tells the rows apart while they are edited */
  key: string;
  pointNumber: number | null;
  pest: string | null;
  count: number | null;
  present: boolean | null;
  note: string;
}

export interface ScoutingDraft {
  farmId: number | null;
  farmBlockId: number | null;
  day: string;
  start: string;
  /** '' : the time the capture is saved */
  end: string;
  observations: ObservationDraft[];
}

let keys = 0;
export const newObservation = (pointNumber: number | null = 1): ObservationDraft => ({
  key: `o${++keys}`,
  pointNumber,
  pest: null,
  count: null,
  present: null,
  note: '',
});
