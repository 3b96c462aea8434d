/**
 * Release-notes demo data: one note about the product's latest features, published the day before
 * the reference date, so every demo user sees the Release Notes dialog once on the dashboard. With
 * `dismissReleaseNote` (SEED_RELEASE_NOTE_DISMISSED=1, set by the browser suite's server) the demo
 * users have already dismissed it, so journeys that land on the dashboard are not interrupted.
 */
import { releaseNoteDismissals, releaseNotes } from '../../schema/index';
import type { SeedPart } from '../context';

export const DEMO_RELEASE_NOTE_HTML = [
  '<h2>What is new</h2>',
  '<ul>',
  '<li><strong>Farm operations</strong>: scouting time per block, with minutes per hectare and a CSV export.</li>',
  '<li><strong>Time Logger</strong>: clock staff in and out, one record per person at a time.</li>',
  '<li><strong>Employees</strong>: employee types and the employee register.</li>',
  '<li><strong>Upload Update</strong>: schedule a product update from the System menu.</li>',
  '<li><strong>Packhouse management</strong>: link existing packhouses or add the ones you run.</li>',
  '</ul>',
  '<p>Tick <em>Do not show this release note again</em> to hide these notes.</p>',
].join('');

export const releaseNotesPart: SeedPart = {
  name: 'release-notes',
  async run(ctx) {
    const [note] = await ctx.insertReturning(releaseNotes, [{ notes: DEMO_RELEASE_NOTE_HTML, publishedAt: ctx.daysBefore(1) }]);
    if (!ctx.dismissReleaseNote) return;
    const userIds = [...ctx.ids.users.values()];
    if (userIds.length) await ctx.insert(releaseNoteDismissals, userIds.map((userId) => ({ userId, releaseNoteId: note!.id })));
  },
};
