/** The message under a form field (linked to the input through aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <small id={id} className="p-error field-error" role="alert">
      {message}
    </small>
  );
}
