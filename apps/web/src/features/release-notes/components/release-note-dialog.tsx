/**
 * The Release Notes dialog of the dashboards (docs/domain.md, Release notes): opens when the server
 * answers a note; Ok closes it, and with "Do not show this release note again" ticked (the default)
 * tells the server to dismiss it. Unticked, the note shows again on the next visit.
 * The notes are HTML sanitised by the server (no scripts, handlers or styles).
 */
import { RELEASE_NOTE_DIALOG_Z_INDEX, type ReleaseNote } from '@orchard/shared/release-notes';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismissReleaseNote } from '../api/dismiss-release-note';
import { useReleaseNote } from '../api/get-release-note';
import './release-note-dialog.css';

export function ReleaseNoteDialog() {
  const { data } = useReleaseNote();
  const note = data?.releaseNote ?? null;
  // the note id this visit has closed, so the dialog stays closed until the next visit
  const [closedId, setClosedId] = useState<number | null>(null);
  if (!note || closedId === note.id) return null;
  return <ReleaseNoteDialogView note={note} onClosed={() => setClosedId(note.id)} />;
}

function ReleaseNoteDialogView({ note, onClosed }: { note: ReleaseNote; onClosed: () => void }) {
  const { t } = useTranslation();
  const checkboxId = useId();
  const [doNotShowAgain, setDoNotShowAgain] = useState(true);
  const dismiss = useDismissReleaseNote();

  const close = () => {
    // closing is not held up by the server; a failed dismissal only means the note shows again
    if (doNotShowAgain) dismiss.mutate(note.id);
    onClosed();
  };

  const footer = (
    <div className="release-note-footer">
      <div className="field-checkbox">
        <Checkbox inputId={checkboxId} checked={doNotShowAgain} onChange={(e) => setDoNotShowAgain(!!e.checked)} />
        <label htmlFor={checkboxId}>{t('releaseNotes.doNotShowAgain')}</label>
      </div>
      <Button type="button" label={t('releaseNotes.ok')} onClick={close} autoFocus />
    </div>
  );

  return (
    <Dialog
      header={t('releaseNotes.header')}
      visible
      onHide={close}
      footer={footer}
      baseZIndex={RELEASE_NOTE_DIALOG_Z_INDEX}
      // PrimeReact stacks a modal just above the last one it knows of, which can be below 1e4;
      // the mask's class pins it at RELEASE_NOTE_DIALOG_Z_INDEX (release-note-dialog.css)
      maskClassName="release-note-mask"
      style={{ width: '640px' }}
      breakpoints={{ '700px': '95vw' }}
      modal
      draggable={false}
      className="release-note-dialog"
    >
      {/* sanitised by the server (release-notes.service.ts) */}
      <div className="release-note-body" dangerouslySetInnerHTML={{ __html: note.release_Notes }} />
    </Dialog>
  );
}
