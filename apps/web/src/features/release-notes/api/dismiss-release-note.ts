/** PUT /api/release-notes/:id/dismissal: "Do not show this release note again" for the signed-in user. */
import { useMutation } from '@tanstack/react-query';
import { RELEASE_NOTES_PATHS } from '@orchard/shared/release-notes';
import { apiRequest } from '../../../lib/api-client';

export const dismissReleaseNote = (id: number) =>
  apiRequest(RELEASE_NOTES_PATHS.dismissal.replace(':id', String(id)), { method: 'PUT', responseType: 'none' });

export function useDismissReleaseNote() {
  return useMutation({ mutationFn: dismissReleaseNote });
}
