/** GET /api/me/release-note: the newest release note the signed-in user has not dismissed, or none. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RELEASE_NOTES_PATHS, currentReleaseNoteResponseSchema } from '@orchard/shared/release-notes';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';

/** Per user, not per organisation: notes are system-wide, dismissals belong to the user. */
export const releaseNoteKeys = {
  current: (userId: number | null) => ['me', userId, 'release-note'] as const,
};

export const getReleaseNote = () => apiRequest(RELEASE_NOTES_PATHS.current, { schema: currentReleaseNoteResponseSchema });

export const releaseNoteQueryOptions = (userId: number | null) =>
  // asked once per visit of the dashboard: a note closed without dismissing shows again next time
  queryOptions({ queryKey: releaseNoteKeys.current(userId), queryFn: getReleaseNote, enabled: userId != null, staleTime: 0, gcTime: 0 });

export function useReleaseNote() {
  const userId = useSession((s) => s.userId);
  return useQuery(releaseNoteQueryOptions(userId));
}
