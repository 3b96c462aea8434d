/**
 * A number input that keeps exactly what was typed. PrimeReact's InputNumber drops keys it does not
 * expect (a minus, a second separator) and clamps on blur, so a person could save a number they
 * never typed. This input hands the form the number the text says, NaN when it says none (so the
 * form's schema shows its message) and null when it is empty; the text itself is never changed.
 * The text is read in the organisation's culture (shared number-input: its grouping separator is
 * never a decimal point).
 */
import { decimalDraftText, parseDecimalInput, parseDecimalText } from '@orchard/shared/core';
import { useState, type FocusEventHandler } from 'react';

export interface NumberTextInputProps {
  id: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** whole numbers only: the phone shows digits */
  integer?: boolean;
  /** the current organisation's (useFormatters().culture) */
  culture: string;
  disabled?: boolean;
  invalid?: boolean;
  'aria-describedby'?: string;
  className?: string;
}

export function NumberTextInput({ id, value, onChange, onBlur, integer, culture, disabled, invalid, className, ...aria }: NumberTextInputProps) {
  const [text, setText] = useState(() => decimalDraftText(value ?? null, culture));
  const [shown, setShown] = useState<number | null | undefined>(value);
  // a value set from outside (form reset, another field) replaces the text; the value this input
  // reported itself does not, so the text stays as typed
  if (shown !== value && !(Number.isNaN(shown) && Number.isNaN(value))) {
    setShown(value);
    if (value === null || value === undefined || parseDecimalText(text, culture) !== value) setText(decimalDraftText(value ?? null, culture));
  }
  return (
    <input
      id={id}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      className={`p-inputtext p-component ${invalid ? 'p-invalid' : ''} ${className ?? ''}`}
      value={text}
      disabled={disabled}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={aria['aria-describedby']}
      onBlur={onBlur}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const parsed = parseDecimalInput(next, culture);
        setShown(parsed);
        onChange(parsed);
      }}
    />
  );
}
