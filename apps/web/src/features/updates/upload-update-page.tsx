/**
 * Upload Update (docs/domain.md, Upload Update): choose a file (Browse) and Submit it; "Uploading..." while it is sent,
 * with the bytes sent so far (then "checking" while the server reads the file) and Cancel upload,
 * which stops it (nothing is scheduled). While an update is pending, the warning that a new one
 * would replace it is shown instead of the chooser. Both results are sticky toasts with the product's
 * captions.
 */
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../../lib/api-client';
import { errorText, isApiError } from '../../lib/api-error';
import { ProgressPanel, percentOf, sentText } from '../../components/progress-panel';
import { useFormatters } from '../../lib/use-formatters';
import { toast } from '../../lib/toast';
import { usePendingUpdate } from './api/get-pending-update';
import { useUploadUpdate } from './api/upload-update';
import './upload-update.css';

export function UploadUpdatePage() {
  const { t } = useTranslation();
  const pending = usePendingUpdate();
  const upload = useUploadUpdate();
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const exists = !!pending.data?.pending;

  const { culture } = useFormatters();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  // leaving the screen stops an upload still running
  useEffect(() => () => running.current?.abort(), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null);

  const cancel = () => running.current?.abort();

  const submit = () => {
    if (!file) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ sent: 0, total: file.size });
    upload.mutate({ file, onProgress: setProgress, signal: controller.signal }, {
      onSettled: () => {
        running.current = null;
        setProgress(null);
      },
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = '';
        toast.show({ severity: 'success', summary: t('uploadUpdate.successSummary'), detail: t('uploadUpdate.successDetail'), sticky: true });
      },
      onError: (e) => {
        if (e instanceof DOMException && e.name === 'AbortError') {
          toast.info(t('uploadUpdate.cancelled'), t('uploadUpdate.cancelledDetail'));
          return;
        }
        // a refusal the server explains (too large, not an archive) adds its reason
        const reason = isApiError(e) && e.status >= 400 && e.status < 500 ? errorText(e) : '';
        toast.error(t('uploadUpdate.errorSummary'), [t('uploadUpdate.errorDetail'), reason].filter(Boolean).join('\n'), true);
      },
    });
  };

  return (
    <div className="upload-update-page">
      <h1>{t('uploadUpdate.title')}</h1>
      {pending.isError && <Message severity="error" text={t('uploadUpdate.loadFailed')} />}
      {exists && <Message severity="warn" text={t('uploadUpdate.replaceWarning')} className="upload-update-warning" />}
      <form
        className="upload-update-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {!exists && pending.isSuccess && (
          <div className="upload-update-chooser">
            <input
              ref={input}
              id={inputId}
              type="file"
              name="file"
              className="upload-update-input"
              disabled={upload.isPending}
              onChange={choose}
            />
            <label htmlFor={inputId} className="p-button p-component upload-update-browse">
              <span className="p-button-icon p-button-icon-left pi pi-folder-open" aria-hidden="true" />
              <span className="p-button-label">{t('uploadUpdate.chooseFile')}</span>
            </label>
            <span className="upload-update-file-name">{file ? file.name : t('uploadUpdate.noFile')}</span>
          </div>
        )}
        <Button
          type="submit"
          icon={upload.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-upload'}
          label={upload.isPending ? t('uploadUpdate.uploading') : t('uploadUpdate.submit')}
          disabled={!file || upload.isPending}
        />
      </form>
      {upload.isPending && progress && (
        <ProgressPanel
          className="upload-progress"
          percent={progress.sent < progress.total ? percentOf(progress.sent, progress.total) : null}
          label={progress.sent < progress.total ? t('uploadUpdate.uploading') : t('uploadUpdate.checking')}
          text={
            progress.sent < progress.total
              ? sentText(t, progress.sent, progress.total, culture)
              : t('uploadUpdate.checking')
          }
          cancelLabel={t('uploadUpdate.cancel')}
          onCancel={cancel}
        />
      )}
    </div>
  );
}

export default UploadUpdatePage;
