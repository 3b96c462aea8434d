/**
 * Pest Thresholds (Management > Pest Thresholds, dashboard.thresholds): the organisation's scouting
 * frequency, action threshold per pest and threshold per trap type and pest, which the pest
 * dashboard works with. An organisation that never saved its own works with the citrus defaults;
 * the form says so. The form starts again from the loaded set after a save, a Reset or a Reload.
 */
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { errorText } from '../../lib/api-error';
import { usePestThresholds } from './api/get-thresholds';
import { ThresholdsForm } from './components/thresholds-form';
import './pest-thresholds.css';

export function PestThresholdsPage() {
  const { t } = useTranslation();
  const thresholds = usePestThresholds();
  // a new generation starts the form again from the loaded set
  const [generation, setGeneration] = useState(0);
  const set = thresholds.data;

  const reload = async () => {
    await thresholds.refetch();
    setGeneration((g) => g + 1);
  };

  return (
    <div className="pest-thresholds-page">
      <h1>{t('pestThresholds.title')}</h1>
      <p className="threshold-intro">{t('pestThresholds.intro')}</p>
      {thresholds.error != null && (
        <Message severity="error" text={`${t('pestThresholds.loadFailed')} ${errorText(thresholds.error)}`} className="threshold-load-error" />
      )}
      {set === undefined && thresholds.isLoading && <PageLoader />}
      {set && <ThresholdsForm key={`${set.version}:${generation}`} set={set} onReset={() => setGeneration((g) => g + 1)} onReload={reload} />}
    </div>
  );
}

export default PestThresholdsPage;
