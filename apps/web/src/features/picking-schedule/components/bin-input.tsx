/**
 * A bin (or capacity) input that keeps its draft to itself: a keystroke re-renders this input
 * only, never the table. The value is handed over on blur or Enter; Escape restores it.
 */
import { memo, useState, type KeyboardEvent } from 'react';
import { digitsOnly } from '../schedule-table-state';

export interface BinInputProps {
  /** the value the input starts from and returns to */
  value: number | null;
  label: string;
  disabled?: boolean;
  className?: string;
  /** tint the input while its text differs from `value` */
  markUnsaved?: boolean;
  /** the input's text when it leaves or on Enter, when it differs from `value` */
  onCommit: (text: string) => void;
}

const asText = (value: number | null) => (value === null ? '' : String(value));

export const BinInput = memo(function BinInput({ value, label, disabled, className, markUnsaved, onCommit }: BinInputProps) {
  const [draft, setDraft] = useState(asText(value));
  const [base, setBase] = useState(value);
  // a new value from outside (saved, restored, reloaded) replaces the draft
  if (base !== value) {
    setBase(value);
    setDraft(asText(value));
  }
  const dirty = draft !== asText(value);

  const commit = () => {
    if (dirty) onCommit(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') {
      setDraft(asText(value));
    }
  };

  return (
    <input
      type="text"
      inputMode="numeric"
      pattern="\d{1,5}"
      maxLength={5}
      className={`p-inputtext p-component bin-input ${markUnsaved && dirty ? 'bin-input-unsaved' : ''} ${className ?? ''}`}
      aria-label={label}
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(digitsOnly(e.target.value))}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
});

