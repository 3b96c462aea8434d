/** The search field above a table: a search icon, a placeholder and an accessible name. */
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

interface SearchBoxProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  className?: string;
}

export function SearchBox({ id, value, onChange, placeholder, label, className }: SearchBoxProps) {
  return (
    <IconField iconPosition="left" className={className}>
      <InputIcon className="pi pi-search" />
      <InputText id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} aria-label={label} />
    </IconField>
  );
}
