/** What the user editor's parts share to render their fields: the form and the ids of its fields. */
import type { UseFormReturn } from 'react-hook-form';
import { inlineMessage, type UserFormValues } from '../user-editor-logic';

export interface EditorFields {
  form: UseFormReturn<UserFormValues>;
  /** the id of a field's input (its message is `${fid(field)}-error`) */
  fid: (field: string) => string;
  /** aria-describedby of a field's input: its message while there is one */
  describedBy: (field: keyof UserFormValues) => string | undefined;
  /** a field's message as shown inline */
  errorOf: (field: keyof UserFormValues) => string | undefined;
}

export function editorFields(id: string, form: UseFormReturn<UserFormValues>, t: (key: string) => string): EditorFields {
  const fid = (field: string) => `${id}-${field}`;
  return {
    form,
    fid,
    describedBy: (field) => (form.formState.errors[field] ? `${fid(field)}-error` : undefined),
    errorOf: (field) => {
      const error = form.formState.errors[field];
      return error?.message ? inlineMessage(field, { type: error.type, message: error.message }, form.getValues(field), t) : undefined;
    },
  };
}
