/**
 * Input checks report (docs/domain.md, Input checks): the Organisation dropdown (with a filter; the
 * caller's active organisations, the signed-in one first chosen) and the table of how stale each
 * farm's records are (components/input-checks-table.tsx, shared with the dashboard). Export CSV
 * downloads the server's file of the chosen organisation (management.inputChecks, the caller's farms).
 */
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SingleFilter, type FilterOption } from '../../components/filter-fields';
import { InputChecksTable } from '../../components/input-checks-table';
import { hasAnswered } from '../../components/table-empty';
import { errorText, hasReason } from '../../lib/api-error';
import { organizationsQueryOptions } from '../../lib/session/session-queries';
import { useSession } from '../../lib/session/session-store';
import { toast } from '../../lib/toast';
import { useExportInputChecks } from './api/export-input-checks';
import { useFarmInputChecks } from './api/get-farm-input-checks';
import './input-checks.css';

/** `fallback`: what failed, when the server's answer says nothing (loading or downloading) */
function loadErrorText(e: unknown, t: TFunction, fallback = t('inputChecks.loadFailed')): string {
  if (hasReason(e, 'not-found')) return t('inputChecks.organizationNotFound');
  if (hasReason(e, 'forbidden')) return t('inputChecks.organizationForbidden');
  return errorText(e) || fallback;
}

export function InputChecksPage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.userId);
  const organizationId = useSession((s) => s.organizationId);
  const organizations = useQuery(organizationsQueryOptions(userId));

  // a choice holds while the signed-in organisation stays; switching it starts from the new one
  const [picked, setPicked] = useState<{ from: number | null; id: number } | null>(null);
  const chosen = picked !== null && picked.from === organizationId ? picked.id : organizationId;
  const checks = useFarmInputChecks(chosen);

  const exporter = useExportInputChecks();
  const onExport = () => {
    if (chosen === null) return;
    exporter.mutate(chosen, { onError: (e) => toast.error(t('inputChecks.downloadingError'), loadErrorText(e, t, t('inputChecks.exportFailed'))) });
  };

  const options = useMemo<FilterOption[]>(() => (organizations.data ?? []).map((o) => ({ id: o.id, label: o.name })), [organizations.data]);

  return (
    <div className="input-checks-page">
      <div className="input-checks-header">
        <h1>{t('inputChecks.title')}</h1>
        <Button
          type="button"
          icon="pi pi-download"
          label={exporter.isPending ? t('inputChecks.exporting') : t('inputChecks.exportCsv')}
          loading={exporter.isPending}
          disabled={exporter.isPending || chosen === null || !checks.data || checks.data.length === 0}
          onClick={onExport}
        />
      </div>

      <section className="input-checks-filters" aria-label={t('inputChecks.filters')}>
        <SingleFilter
          label={t('inputChecks.organization')}
          options={options}
          value={chosen}
          onChange={(id) => {
            if (id !== null) setPicked({ from: organizationId, id });
          }}
        />
      </section>

      {organizations.error && <Message severity="error" text={t('inputChecks.organizationsFailed')} className="input-checks-error" />}
      {checks.error && <Message severity="error" text={loadErrorText(checks.error, t)} className="input-checks-error" />}

      <InputChecksTable rows={checks.data ?? []} answered={hasAnswered(checks)} loading={checks.isFetching} />
    </div>
  );
}

export default InputChecksPage;
