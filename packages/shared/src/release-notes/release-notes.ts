/**
 * Release notes API (docs/domain.md, Release notes): the newest published release note the signed-in
 * user has not dismissed (or none), and dismissing one by id ("Do not show this release note again").
 * Release notes are system-wide; dismissals are per user, so the routes are not organisation-scoped.
 * `release_Notes` is HTML, sanitised by the server (no scripts, no event handlers, safe links only).
 */
import { z } from 'zod';
import { idSchema } from '../core/common.js';

export const RELEASE_NOTES_PATHS = {
  /** the newest release note the user has not dismissed: `{ releaseNote: ReleaseNote | null }` */
  current: '/api/me/release-note',
  /** PUT: dismiss the note for the signed-in user (idempotent, 204; unknown id 404) */
  dismissal: '/api/release-notes/:id/dismissal',
} as const;


/** Release note: id, release_Notes (HTML). */
export const releaseNoteSchema = z.object({
  id: z.number().int(),
  release_Notes: z.string(),
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;

export const currentReleaseNoteResponseSchema = z.object({ releaseNote: releaseNoteSchema.nullable() });
export type CurrentReleaseNoteResponse = z.infer<typeof currentReleaseNoteResponseSchema>;

export const releaseNoteIdParamsSchema = z.object({ id: idSchema });

/** The dialog sits above every other overlay (PrimeReact baseZIndex). */
export const RELEASE_NOTE_DIALOG_Z_INDEX = 10_000;
