/** The Show Filter / Hide Filter toggle of the report filter panels (spec 02, section 4). */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

export function FilterToggle({ shown, onToggle, controls }: { shown: boolean; onToggle: () => void; controls: string }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      className="p-button-text harvest-filter-toggle"
      icon={shown ? 'pi pi-filter-slash' : 'pi pi-filter'}
      label={shown ? t('harvest.hideFilter') : t('harvest.showFilter')}
      aria-expanded={shown}
      aria-controls={controls}
      onClick={onToggle}
    />
  );
}
