/**
 * Picking schedule, producer view (editable rows) and packhouse view (read-only rows addressed to
 * the organisation's packhouses): filters, week pager, CSV export, the table with weekly totals in
 * the footer, and whatever the page puts below (the capacity table).
 */
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PERMISSIONS, PICKING_SCHEDULE_DEFAULT_PAGE_SIZE, canExportPickingSchedule, type PickingViewKind } from '@orchard/shared';
import { FilterToggle, type FilterOption } from '../../../components/filter-fields';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-error';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { toast } from '../../../lib/toast';
import { useExportSchedule } from '../api/export-schedule';
import { usePickingFilters } from '../api/get-filters';
import { useSchedule, type ScheduleFilterParams } from '../api/get-schedule';
import { tableRows } from '../schedule-table-state';
import { useDelayedPager } from '../use-delayed-pager';
import { ScheduleFilters, type ScheduleFilterValues } from './schedule-filters';
import { ScheduleTable, type SchedulePaging } from './schedule-table';
import { useScheduleEditing } from './use-schedule-editing';
import { WeekPager } from './week-pager';
import '../picking.css';

export interface ScheduleContext {
  /** the pager date the queries use (null = today) */
  pagerDate: string | null;
  packhouses: number[];
}

interface Props {
  view: PickingViewKind;
  /** rendered below the table with the applied pager date and packhouse filter */
  below?: (context: ScheduleContext) => ReactNode;
}

const toOptions = <T,>(items: T[] | undefined, id: (i: T) => number, label: (i: T) => string): FilterOption[] =>
  (items ?? []).map((i) => ({ id: id(i), label: label(i) }));

export function ScheduleView({ view, below }: Props) {
  const { t } = useTranslation();
  const { hasPermission, organization } = useSessionContext();
  const culture = organization?.default_Culture_Name;
  const packhouseUser = view === 'producer' && hasPermission(PERMISSIONS.pickingPackhouseUser);
  const canEdit = view === 'producer' && hasPermission(PERMISSIONS.pickingEdit);

  const [showFilters, setShowFilters] = useState(true);
  const [packhouses, setPackhouses] = useState<number[] | null>(null);
  const [producers, setProducers] = useState<number[]>([]);
  const [farms, setFarms] = useState<number[]>([]);
  const [varieties, setVarieties] = useState<number[]>([]);
  const [paging, setPaging] = useState<SchedulePaging>({ first: 0, rows: PICKING_SCHEDULE_DEFAULT_PAGE_SIZE });

  const filters = usePickingFilters(view);
  const varietyOptionsQuery = usePickingFilters(view, farms);
  const [today, setToday] = useState<string | null>(null);
  const pager = useDelayedPager(today);

  // the packhouse filter starts with the first packhouse (packhouse users) or all of them
  const packhouseOptions = filters.data?.packhouses;
  useEffect(() => {
    if (packhouses !== null || !packhouseOptions) return;
    setPackhouses(packhouseUser ? packhouseOptions.slice(0, 1).map((p) => p.id) : packhouseOptions.map((p) => p.id));
  }, [packhouseOptions, packhouses, packhouseUser]);

  const filterParams: ScheduleFilterParams = useMemo(
    () => ({ pagerDate: pager.applied, packhouses: packhouses ?? [], producers, farms, varieties }),
    [pager.applied, packhouses, producers, farms, varieties],
  );
  const schedule = useSchedule(
    view,
    { ...filterParams, page: Math.floor(paging.first / paging.rows) + 1, pageSize: paging.rows },
    packhouses !== null,
  );
  const data = schedule.data;
  const serverToday = data?.window.today ?? null;
  useEffect(() => {
    if (serverToday) setToday(serverToday);
  }, [serverToday]);

  const { state, dispatch, savingId, onSaveRef } = useScheduleEditing(data, pager.applied);
  const exporter = useExportSchedule(view);

  const filterSetters: Record<keyof ScheduleFilterValues, (ids: number[]) => void> = {
    packhouses: setPackhouses,
    producers: setProducers,
    farms: setFarms,
    varieties: setVarieties,
  };
  const onFilterChange = (key: keyof ScheduleFilterValues, ids: number[]) => {
    filterSetters[key](ids);
    setPaging((p) => ({ ...p, first: 0 }));
  };

  const onExport = () =>
    exporter.mutate(filterParams, { onError: (e) => toast.error(t('picking.downloadingError'), errorText(e) || t('picking.exportFailed')) });

  const weeks = useMemo(() => data?.weeks ?? [], [data]);
  const usablePackhouses = useMemo(() => (packhouseOptions ?? []).map((p) => ({ id: p.id, label: p.name })), [packhouseOptions]);
  // what every cell reads besides its row: a change redraws every row
  const cellContext = useMemo(() => ({ t, culture, usablePackhouses, weeks, canEdit }), [t, culture, usablePackhouses, weeks, canEdit]);
  const rows = useMemo(() => tableRows(state, savingId, cellContext), [state, savingId, cellContext]);

  const filterOptions = {
    packhouses: usablePackhouses,
    producers: toOptions(filters.data?.producers, (p) => p.id, (p) => p.name),
    farms: toOptions(filters.data?.farms, (f) => f.id, (f) => f.farm_Name),
    varieties: toOptions((farms.length ? varietyOptionsQuery.data : filters.data)?.varieties, (v) => v.id, (v) => v.variety_Name),
  };

  const newRows = rows.filter((r) => r.version === null).length;
  const total = (data?.total ?? 0) + newRows;
  const hasRows = (data?.total ?? 0) > 0;
  const title = view === 'producer' ? t('picking.producerTitle') : t('picking.packhouseTitle');

  // The packhouse view shows the bins planned for the packhouses the organisation runs: in an
  // organisation that runs none (a grower) it could never show a row, so it says why instead.
  if (view === 'packhouse' && packhouseOptions && !packhouseOptions.some((p) => p.owned)) {
    return (
      <div className="picking-page">
        <div className="picking-header">
          <h1>{title}</h1>
        </div>
        <div className="picking-no-packhouse" role="status">
          <p>{t('picking.noPackhouseRun', { organization: organization?.name ?? '' })}</p>
          {hasPermission(PERMISSIONS.pickingView) && <Link to={paths.pickingSchedule}>{t('picking.openProducerView')}</Link>}
        </div>
      </div>
    );
  }

  return (
    <div className="picking-page">
      <div className="picking-header">
        <h1>{title}</h1>
        <div className="picking-toolbar">
          <WeekPager date={pager.shown} onMove={pager.move} disabled={!data} />
          {canExportPickingSchedule(data?.rows ?? []) && hasRows && (
            <Button
              type="button"
              icon="pi pi-download"
              label={exporter.isPending ? t('picking.exporting') : t('picking.exportCsv')}
              loading={exporter.isPending}
              disabled={exporter.isPending}
              onClick={onExport}
            />
          )}
          <FilterToggle shown={showFilters} onToggle={() => setShowFilters((s) => !s)} />
        </div>
      </div>

      {showFilters && (
        <ScheduleFilters
          packhouseUser={packhouseUser}
          options={filterOptions}
          values={{ packhouses, producers, farms, varieties }}
          onChange={onFilterChange}
        />
      )}

      {data && !hasRows && !schedule.isFetching && (
        <Message severity="info" text={t('picking.noRows')} className="picking-no-data" />
      )}

      <ScheduleTable
        view={view}
        canEdit={canEdit}
        culture={culture}
        rows={rows}
        weeks={weeks}
        footerTotals={data?.footer ?? []}
        usablePackhouses={usablePackhouses}
        editingIds={Object.keys(state.editing)}
        dispatch={dispatch}
        onSaveRef={onSaveRef}
        paging={paging}
        onPage={setPaging}
        totalRecords={total}
        loading={schedule.isFetching || packhouses === null}
      />

      {below?.({ pagerDate: pager.applied, packhouses: packhouses ?? [] })}
    </div>
  );
}
