/**
 * The process's own metrics, shared by every app the process builds (one in production, many in a
 * test run): Node's default process metrics and the capture counters, which a data rule moves
 * without knowing the app. The app's own metrics (requests, database) are in plugins/metrics.ts;
 * /metrics answers both.
 */
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

export const processRegistry = new Registry();

let defaultsCollected = false;

/** Node's default metrics (CPU, memory, event loop lag, GC, handles), collected once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry });
}

/** The area that owns a capture (data-rules/capture-once.ts): field data or packhouse readings. */
export type CaptureArea = 'field-capture' | 'packhouse-readings';

const capturesCreated = new Counter({
  name: 'orchard_captures_created_total',
  help: 'Captures stored once per client id (field data, packhouse readings): new rows written.',
  labelNames: ['area'] as const,
  registers: [processRegistry],
});

const capturesResent = new Counter({
  name: 'orchard_capture_duplicates_total',
  help: 'Captures sent again with a client id already stored, answered 200 with the row stored earlier.',
  labelNames: ['area'] as const,
  registers: [processRegistry],
});

/** Counts one capture: a new row (`created`) or a resent duplicate answered with the earlier row. */
export function countCapture(area: CaptureArea, created: boolean): void {
  (created ? capturesCreated : capturesResent).inc({ area });
}
