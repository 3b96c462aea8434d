/**
 * How far long work has got, the same way everywhere (uploads, imports): a bar (determinate with a
 * percentage, or moving while the server works on what it received), a status line a screen reader
 * announces, and Cancel while it can still be stopped.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { TFunction } from 'i18next';
import { formatBytes, formatNumber } from '../lib/format';
import './progress-panel.css';

export interface ProgressPanelProps {
  /** 0 to 100, or null while the amount is unknown (the server is working) */
  percent: number | null;
  /** the bar's accessible name */
  label: string;
  /** what is happening, e.g. "40% sent (2 kB of 5 kB)" */
  text: string;
  cancelLabel?: string;
  onCancel?: () => void;
  className?: string;
}

export function ProgressPanel({ percent, label, text, cancelLabel, onCancel, className }: ProgressPanelProps) {
  return (
    <div className={['progress-panel', className].filter(Boolean).join(' ')}>
      {percent === null ? (
        <ProgressBar mode="indeterminate" style={{ height: '6px' }} aria-label={label} />
      ) : (
        <ProgressBar value={Math.max(0, Math.min(100, Math.floor(percent)))} showValue={false} style={{ height: '6px' }} aria-label={label} />
      )}
      <div className="progress-panel-line">
        <span role="status">{text}</span>
        {onCancel && cancelLabel && (
          <Button type="button" label={cancelLabel} icon="pi pi-times" severity="secondary" outlined size="small" onClick={onCancel} />
        )}
      </div>
    </div>
  );
}

/** The share of `done` in `total` as a whole percentage (0 when the total is unknown). */
export const percentOf = (done: number, total: number) => Math.min(100, Math.floor((done / Math.max(total, 1)) * 100));

/** "40% sent (2 kB of 5 kB)": how much of an upload has been sent, in the culture. */
export function sentText(t: TFunction, sent: number, total: number, culture: string): string {
  return t('progress.sent', { percent: formatNumber(percentOf(sent, total), culture), sent: formatBytes(sent, culture), total: formatBytes(total, culture) });
}
