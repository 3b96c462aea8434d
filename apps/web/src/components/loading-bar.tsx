/** Indeterminate progress on top of the main container while queries load. */
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';

export function LoadingBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="loading-bar" aria-hidden={!active}>
      {active && <ProgressBar mode="indeterminate" style={{ height: '4px' }} aria-label={t('app.loading')} />}
    </div>
  );
}
