/** Present / Not present as two large radio buttons (a thumb hits them on a phone). */
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/field-error';

export function PresenceChoice({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const options = [
    { value: true, text: t('fieldCapture.scouting.present'), suffix: 'yes' },
    { value: false, text: t('fieldCapture.scouting.notPresent'), suffix: 'no' },
  ];
  return (
    <fieldset className="presence-choice" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      <div className="presence-options">
        {options.map((o) => (
          <label key={o.suffix} htmlFor={`${id}-${o.suffix}`} className={value === o.value ? 'presence-option checked' : 'presence-option'}>
            <input id={`${id}-${o.suffix}`} type="radio" name={id} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.text}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
