/**
 * Management > Organisation Data (docs/domain.md, Organisation data export): what the archive holds
 * and "Download all data", with the bytes received while it downloads, Cancel, and an error
 * message should it fail. Only holders of management.organisationData (the Administrators) open it.
 */
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressPanel } from '../../components/progress-panel';
import { formatBytes } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useFormatters } from '../../lib/use-formatters';
import { useDownloadArchive } from './api/download-archive';
import { useExportContents } from './api/get-export-contents';
import './organization-export.css';

export function OrganizationExportPage() {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  const contents = useExportContents();
  const download = useDownloadArchive();
  const [received, setReceived] = useState(0);
  const [failed, setFailed] = useState(false);
  const running = useRef<AbortController | null>(null);
  // leaving the screen stops a download still running
  useEffect(() => () => running.current?.abort(), []);

  const start = () => {
    const controller = new AbortController();
    running.current = controller;
    setReceived(0);
    setFailed(false);
    download.mutate(
      { onProgress: setReceived, signal: controller.signal },
      {
        onSettled: () => (running.current = null),
        onSuccess: () => toast.success(t('organizationExport.done')),
        onError: (e) => {
          if (e instanceof DOMException && e.name === 'AbortError') toast.info(t('organizationExport.cancelled'));
          else setFailed(true);
        },
      },
    );
  };

  const organization = contents.data?.organization.name ?? '';
  return (
    <div className="organization-export-page">
      <h1>{t('organizationExport.title')}</h1>
      <p>{t('organizationExport.intro', { organization })}</p>
      <p>{t('organizationExport.note')}</p>
      <div>
        <Button
          type="button"
          icon={download.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-download'}
          label={download.isPending ? t('organizationExport.downloading') : t('organizationExport.download')}
          disabled={download.isPending}
          onClick={start}
        />
      </div>
      {download.isPending && (
        <ProgressPanel
          percent={null}
          label={t('organizationExport.downloading')}
          text={t('organizationExport.received', { size: formatBytes(received, culture) })}
          cancelLabel={t('organizationExport.cancel')}
          onCancel={() => running.current?.abort()}
        />
      )}
      {failed && <Message severity="error" text={t('organizationExport.failed')} className="organization-export-message" />}
      {contents.isError && <Message severity="error" text={t('organizationExport.loadFailed')} className="organization-export-message" />}
      {contents.data && (
        <section aria-labelledby="organization-export-contents">
          <h2 id="organization-export-contents">{t('organizationExport.contents')}</h2>
          <p>{t('organizationExport.fileCount', { count: contents.data.files.length })}</p>
          <ul className="organization-export-files">
            {contents.data.files.map((file) => (
              <li key={file.file}>
                <code>{file.file}</code>
                <span className="organization-export-columns">{t('organizationExport.columns', { columns: file.columns.join(', ') })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export default OrganizationExportPage;
