/**
 * A bin (or capacity) input that keeps its draft to itself: a keystroke re-renders this input
 * only, never the table. The text stays exactly as typed; on blur or Enter a valid one (empty or
 * 1 to 5 digits, spaces around it allowed) is handed over as the number it says (null when empty),
 * read by the shared rule once; anything else is refused with the rule's message and not handed
 * over, so nothing other than what was typed is ever saved. A `required` input refuses an emptied
 * value the same way (the text stays empty until corrected or Escape). Escape restores the value.
 */
import { parseBinCellText } from '@orchard/shared/picking';
import { memo, useId, useState, type KeyboardEvent } from 'react';
import { FieldError } from '../../../components/field-error';

export interface BinInputProps {
  /** the value the input starts from and returns to */
  value: number | null;
  label: string;
  disabled?: boolean;
  className?: string;
  /** tint the input while its text differs from `value` */
  markUnsaved?: boolean;
  /** a value once saved cannot be removed: emptying it is refused with the rule's message */
  required?: boolean;
  /** the number the text says (null: empty) when the input leaves or on Enter, when valid and other than `value` */
  onCommit: (value: number | null) => void;
}

const asText = (value: number | null) => (value === null ? '' : String(value));

export const BinInput = memo(function BinInput({ value, label, disabled, className, markUnsaved, required, onCommit }: BinInputProps) {
  const errorId = useId();
  const [draft, setDraft] = useState(asText(value));
  const [error, setError] = useState<string | null>(null);
  const [base, setBase] = useState(value);
  // a new value from outside (saved, restored, reloaded) replaces the draft
  if (base !== value) {
    setBase(value);
    setDraft(asText(value));
    setError(null);
  }
  const dirty = draft !== asText(value);

  const commit = () => {
    if (!dirty) return;
    const parsed = parseBinCellText(draft, { required });
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    // the same number typed another way (" 12" for 12): nothing to save
    if (parsed.value === value) return;
    onCommit(parsed.value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') {
      setDraft(asText(value));
      setError(null);
    }
  };

  return (
    <span className="bin-input-wrap">
      <input
        type="text"
        inputMode="numeric"
        className={`p-inputtext p-component bin-input ${markUnsaved && dirty ? 'bin-input-unsaved' : ''} ${error ? 'p-invalid' : ''} ${className ?? ''}`}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={draft}
        disabled={disabled}
        onChange={(e) => {
          setDraft(e.target.value);
          if (error) setError(null);
        }}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <FieldError id={errorId} message={error} className="field-error bin-input-error" />
    </span>
  );
});
