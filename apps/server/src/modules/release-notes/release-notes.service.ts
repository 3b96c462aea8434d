/**
 * Release notes (docs/domain.md, Release notes). Notes are system-wide, written by the product;
 * each user dismisses them for themselves.
 *
 * - The current note is the newest one published (published_at <= now) that the user has not
 *   dismissed, or none. A note published in the future does not exist yet, also for dismissing.
 * - Dismissing is idempotent (a second dismissal changes nothing); an unknown id answers 404.
 * - The HTML is sanitised on every read with sanitize-html and an allow-list of formatting
 *   elements, so whatever the table holds, no script, event handler, style, frame or
 *   javascript: link reaches the page (which also runs under a CSP without inline scripts).
 */
import type { CurrentReleaseNoteResponse } from '@orchard/shared/release-notes';
import sanitizeHtml from 'sanitize-html';
import type { AppDb } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findNewestUndismissed, insertDismissal, releaseNoteExists } from './release-notes.repository';

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'code', 'pre', 'blockquote', 'a', 'span'],
  // target and rel are set by transformTags below, never taken from the stored HTML's meaning
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // links leave the app in a new tab without handing it a window reference
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

/** Release-note HTML reduced to safe formatting (exported for tests). */
export function sanitizeReleaseNote(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

export async function getCurrentReleaseNote(db: AppDb, userId: number, now = new Date()): Promise<CurrentReleaseNoteResponse> {
  const row = await findNewestUndismissed(db, userId, now);
  return { releaseNote: row ? { id: row.id, release_Notes: sanitizeReleaseNote(row.notes) } : null };
}

export async function dismissReleaseNote(db: AppDb, userId: number, id: number, now = new Date()): Promise<void> {
  if (!(await releaseNoteExists(db, id, now))) throw notFound();
  await insertDismissal(db, userId, id);
}
