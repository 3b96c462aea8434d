/**
 * GET /api/organization-export/archive: the zip, read as it arrives so the screen can show the
 * bytes received (the server streams it and cannot know its size beforehand), then saved under the
 * server's file name.
 */
import { useMutation } from '@tanstack/react-query';
import { ORGANIZATION_EXPORT_PATHS, organizationExportFileName } from '@orchard/shared/organization-export';
import { apiRequest } from '../../../lib/api-client';
import { downloadBlob, fileNameFromDisposition } from '../../../lib/download';
import { useSession } from '../../../lib/session/session-store';

export interface DownloadArchiveInput {
  /** bytes received so far */
  onProgress: (received: number) => void;
  signal: AbortSignal;
}

export async function downloadArchive(organizationId: number, { onProgress, signal }: DownloadArchiveInput): Promise<void> {
  let answer: Response | undefined;
  await apiRequest(ORGANIZATION_EXPORT_PATHS.archive, {
    tenant: organizationId,
    responseType: 'none',
    headers: { Accept: 'application/zip' },
    signal,
    onResponse: (response) => (answer = response),
  });
  if (!answer?.body) throw new Error('The archive has no body');
  const reader = answer.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received);
  }
  const fileName = fileNameFromDisposition(answer.headers.get('content-disposition'), organizationExportFileName(new Date()));
  downloadBlob(new Blob(chunks, { type: 'application/zip' }), fileName);
}

export function useDownloadArchive() {
  const organizationId = useSession((s) => s.organizationId);
  return useMutation({ mutationFn: (input: DownloadArchiveInput) => downloadArchive(organizationId as number, input) });
}
