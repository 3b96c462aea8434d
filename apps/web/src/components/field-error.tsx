/**
 * A form field's message and the field around it: the label, the input and, under it, the message
 * linked to the input through aria-describedby (`${id}-error`) and announced as an alert.
 */
import type { ReactNode } from 'react';

export interface FieldErrorProps {
  id?: string;
  message: string | null | undefined;
  /** the classes of the message; screens keep the ones their stylesheets colour */
  className?: string;
}

/** The message under a form field; nothing while there is none. */
export function FieldError({ id, message, className = 'p-error field-error' }: FieldErrorProps) {
  if (!message) return null;
  return (
    <small id={id} className={className} role="alert">
      {message}
    </small>
  );
}

export interface FormFieldProps {
  /** the input's id: the label points at it and the message is `${id}-error` */
  id: string;
  label: ReactNode;
  error: string | null | undefined;
  /** an id for the label, for inputs that name themselves by aria-labelledby */
  labelId?: string;
  className?: string;
  errorClassName?: string;
  children: ReactNode;
}

/** A labelled field with its message. */
export function FormField({ id, label, error, labelId, className = 'field', errorClassName, children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} id={labelId}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} className={errorClassName} />
    </div>
  );
}
