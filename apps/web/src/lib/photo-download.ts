/**
 * Downloading a stored picture (avatar, logo, observation photo) as the server re-encodes and names
 * it: GET /api/blobs/:container/:id/download?type=image/jpeg -> Photo-yyyy-MM-dd-HH-mm-ss.jpg.
 */
import { useMutation } from '@tanstack/react-query';
import { SHELL_PATHS, photoFileName, type PhotoDownloadType } from '@orchard/shared/shell';
import { apiRequest } from './api-client';
import { downloadBlob, fileNameFromDisposition } from './download';
import { useSession } from './session/session-store';

export async function fetchPhoto(organizationId: number, container: string, id: string, type: PhotoDownloadType = 'image/jpeg') {
  let disposition: string | null = null;
  const path = SHELL_PATHS.blobDownload.replace(':container', encodeURIComponent(container)).replace(':id', encodeURIComponent(id));
  const blob = await apiRequest<Blob>(`${path}?type=${encodeURIComponent(type)}`, {
    tenant: organizationId,
    responseType: 'blob',
    onResponse: (response) => {
      disposition = response.headers.get('content-disposition');
    },
  });
  return { blob, fileName: fileNameFromDisposition(disposition, photoFileName(new Date(), type)) };
}

export function usePhotoDownload() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({
    mutationFn: async ({ container, id }: { container: string; id: string }) => {
      const { blob, fileName } = await fetchPhoto(organizationId as number, container, id);
      downloadBlob(blob, fileName);
      return fileName;
    },
  });
}
