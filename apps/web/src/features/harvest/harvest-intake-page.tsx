/** Harvest area (/harvest): record bin intake and import it from a CSV file. */
import { PERMISSIONS } from '@orchard/shared';
import { useTranslation } from 'react-i18next';
import { useSessionContext } from '../../lib/session/use-session-context';
import { BinImportPanel } from './components/bin-import-panel';
import { BinIntakeForm } from './components/bin-intake-form';
import './harvest.css';

export function HarvestIntakePage() {
  const { t } = useTranslation();
  const { hasPermission } = useSessionContext();
  const mayRecord = hasPermission(PERMISSIONS.harvestEstimatesEdit);
  return (
    <div className="harvest-page">
      <h1>{t('harvest.titles.intake')}</h1>
      {mayRecord ? (
        <>
          <BinIntakeForm />
          <BinImportPanel />
        </>
      ) : (
        <p>{t('harvest.intake.readOnly')}</p>
      )}
    </div>
  );
}

export default HarvestIntakePage;
