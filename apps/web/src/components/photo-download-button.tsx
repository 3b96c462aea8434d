/** "Download photo": saves a stored picture as Photo-yyyy-MM-dd-HH-mm-ss.jpg; a failure shows why. */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-error';
import { usePhotoDownload } from '../lib/photo-download';
import { toast } from '../lib/toast';

export function PhotoDownloadButton({ container, id, disabled }: { container: string; id: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const download = usePhotoDownload();
  return (
    <Button
      type="button"
      icon="pi pi-download"
      label={t('photos.download')}
      className="p-button-outlined p-button-sm"
      loading={download.isPending}
      disabled={disabled || download.isPending}
      onClick={() =>
        download.mutate({ container, id }, { onError: (e) => toast.error(t('photos.downloadError'), errorText(e), true) })
      }
    />
  );
}
