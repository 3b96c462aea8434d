/**
 * The user editor's avatar: the current one (the shared avatar component), and choosing an image
 * (checked here for type and size, one message in the product's own words that goes once a valid
 * image is chosen; the upload component's own size check is not used, its message would come on
 * top and stay; the server decodes and re-makes it) that the editor uploads after a successful save.
 */
import { Button } from 'primereact/button';
import {
  FileUpload,
  type FileUploadHeaderTemplateOptions,
  type FileUploadSelectEvent,
  type ItemTemplateOptions,
} from 'primereact/fileupload';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '@orchard/shared/core';
import { FieldError } from '../../../components/field-error';
import { UserAvatar } from '../../../components/user-avatar';
import { ProgressPanel, percentOf, sentText } from '../../../components/progress-panel';
import { errorText } from '../../../lib/api-error';
import type { UploadProgress } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useUploadAvatar } from '../api/upload-avatar';

export interface AvatarChoice {
  /** the chosen image, uploaded after the save */
  file: File | null;
  error: string | null;
  uploadRef: RefObject<FileUpload | null>;
  setFile: (file: File | null) => void;
  setError: (error: string | null) => void;
  /** forget the choice (cancel, after a save) */
  clear: () => void;
}

export function useAvatarChoice(): AvatarChoice {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploadRef = useRef<FileUpload>(null);
  const clear = () => {
    setFile(null);
    setError(null);
    uploadRef.current?.clear();
  };
  return { file, error, uploadRef, setFile, setError, clear };
}

export interface AvatarUpload {
  /** uploads the chosen picture for a saved user: its stored id, or null when it failed or was cancelled (said in a toast) */
  send: (userId: number, file: File) => Promise<string | null>;
  pending: boolean;
  /** how far it has got, with Cancel, while it runs */
  panel: ReactNode;
}

export function useAvatarUpload(): AvatarUpload {
  const { t } = useTranslation();
  const { culture } = useFormatters();
  const upload = useUploadAvatar();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  // no abort when the editor unmounts: the upload finishes a save that already happened (the Profile
  // page re-mounts its editor when the saved user comes back with a new version)

  const send = async (userId: number, file: File) => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ sent: 0, total: file.size });
    try {
      return (await upload.mutateAsync({ id: userId, file, onProgress: setProgress, signal: controller.signal })).avatar;
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') toast.info(t('users.avatarCancelled'), t('users.avatarCancelledText'));
      else toast.error(t('users.avatarError'), `${t('users.avatarErrorText')}\n${errorText(e)}`, true);
      return null;
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  const sending = progress !== null && progress.sent < progress.total;
  const panel = progress && (
    <div className="field field-wide">
      <ProgressPanel
        percent={sending ? percentOf(progress.sent, progress.total) : null}
        label={t('users.avatarUploading')}
        text={sending ? sentText(t, progress.sent, progress.total, culture) : t('users.avatarUploading')}
        cancelLabel={t('users.avatarCancel')}
        onCancel={() => running.current?.abort()}
      />
    </div>
  );
  return { send, pending: upload.isPending, panel };
}

export interface AvatarOwner {
  avatar: string | null | undefined;
  fullName: string | null | undefined;
  userName: string | null | undefined;
}

export function UserAvatarField({ id, avatar, disabled, owner }: { id: string; avatar: AvatarChoice; disabled: boolean; owner?: AvatarOwner }) {
  const { t } = useTranslation();

  const onSelect = (e: FileUploadSelectEvent) => {
    const file = e.files[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      avatar.setError(t('users.avatarNotImage'));
      avatar.setFile(null);
      avatar.uploadRef.current?.clear();
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      avatar.setError(t('users.avatarTooLarge'));
      avatar.setFile(null);
      avatar.uploadRef.current?.clear();
      return;
    }
    avatar.setError(null);
    avatar.setFile(file);
  };

  return (
    <div className="field field-wide">
      <span className="field-label" id={`${id}-label`}>
        {t('users.avatar')}
      </span>
      {owner && (
        <div className="avatar-current">
          <UserAvatar avatar={owner.avatar} fullName={owner.fullName} userName={owner.userName} label={t('users.currentAvatar')} />
        </div>
      )}
      <FileUpload
        ref={avatar.uploadRef}
        name="file"
        mode="advanced"
        accept="image/*"
        customUpload
        auto={false}
        multiple={false}
        chooseLabel={t('users.chooseAvatar')}
        chooseOptions={{ icon: 'pi pi-image', className: 'p-button-outlined' }}
        headerTemplate={(o: FileUploadHeaderTemplateOptions) => <div className={o.className}>{o.chooseButton}</div>}
        onSelect={onSelect}
        onClear={() => avatar.setFile(null)}
        onRemove={() => avatar.setFile(null)}
        emptyTemplate={<p className="avatar-hint">{t('users.avatarHint')}</p>}
        itemTemplate={(file: object, o: ItemTemplateOptions) => (
          <div className="avatar-file">
            <span className="avatar-file-name">{(file as File).name}</span>
            <span className="avatar-file-size">{o.formatSize}</span>
            <Button
              type="button"
              icon="pi pi-times"
              rounded
              text
              severity="danger"
              aria-label={t('users.removeAvatar', { name: (file as File).name })}
              onClick={(e) => o.onRemove(e)}
            />
          </div>
        )}
        progressBarTemplate={<></>}
        disabled={disabled}
        pt={{ input: { 'aria-labelledby': `${id}-label` } as Record<string, string> }}
      />
      <FieldError id={`${id}-error`} message={avatar.error ?? undefined} />
    </div>
  );
}
