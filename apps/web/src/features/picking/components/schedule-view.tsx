/**
 * Picking schedule, producer view (editable rows) and packhouse view (read-only rows addressed to
 * the organisation's packhouses): filters, week pager, CSV export, the table with weekly totals in
 * the footer, and whatever the page puts below (the capacity table).
 */
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PERMISSIONS, TABLE_PAGE_SIZE } from '@orchard/shared/core';
import { canExportPickingSchedule, type PickingViewKind } from '@orchard/shared/picking';
import { FilterToggle, type FilterOption } from '../../../components/filter-fields';
import { hasAnswered } from '../../../components/table-empty';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-error';
import { useSession } from '../../../lib/session/session-store';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useFormatters } from '../../../lib/use-formatters';
import { toast } from '../../../lib/toast';
import { useExportSchedule } from '../api/export-schedule';
import { usePickingFilters } from '../api/get-filters';
import { useSchedule, type ScheduleFilterParams } from '../api/get-schedule';
import { initialPackhouseIds, prefetchFirstPage } from '../first-page';
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

/**
 * Asks for the first page in the filters answer's own promise, before React has drawn the filters
 * and run the effect that would start the schedule query: on the way to the first rows the
 * schedule's request is the long one, so it leaves as early as it can. The view's query then finds
 * it under the same key (and finds both already there when the page was opened by its address).
 */
function useFirstPageEarly(view: PickingViewKind, packhouseUser: boolean) {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  useEffect(() => {
    if (organizationId == null) return undefined;
    let live = true;
    void prefetchFirstPage(queryClient, organizationId, view, packhouseUser, () => live);
    return () => {
      live = false;
    };
  }, [queryClient, organizationId, view, packhouseUser]);
}

const toOptions = <T,>(items: T[] | undefined, id: (i: T) => number, label: (i: T) => string): FilterOption[] =>
  (items ?? []).map((i) => ({ id: id(i), label: label(i) }));

export function ScheduleView({ view, below }: Props) {
  const { t } = useTranslation();
  const { hasPermission, organization } = useSessionContext();
  const { culture } = useFormatters();
  const packhouseUser = view === 'producer' && hasPermission(PERMISSIONS.pickingPackhouseUser);
  const canEdit = view === 'producer' && hasPermission(PERMISSIONS.pickingEdit);

  const [showFilters, setShowFilters] = useState(true);
  /** the packhouses the user chose; null until they choose */
  const [chosenPackhouses, setPackhouses] = useState<number[] | null>(null);
  const [producers, setProducers] = useState<number[]>([]);
  const [farms, setFarms] = useState<number[]>([]);
  const [varieties, setVarieties] = useState<number[]>([]);
  const [paging, setPaging] = useState<SchedulePaging>({ first: 0, rows: TABLE_PAGE_SIZE });

  useFirstPageEarly(view, packhouseUser);
  const filters = usePickingFilters(view);
  const varietyOptionsQuery = usePickingFilters(view, farms);
  const [today, setToday] = useState<string | null>(null);
  const pager = useDelayedPager(today);

  // the packhouse filter starts with the first packhouse (packhouse users) or all of them; taken
  // in the render the filters arrive in, so the schedule's request leaves at once
  const packhouseOptions = filters.data?.packhouses;
  const initialPackhouses = useMemo(() => (packhouseOptions ? initialPackhouseIds(packhouseOptions, packhouseUser) : null), [packhouseOptions, packhouseUser]);
  const packhouses = chosenPackhouses ?? initialPackhouses;

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
  // the pager starts from the server's today, taken while rendering (no second commit for it)
  const serverToday = data?.window.today ?? null;
  if (serverToday && serverToday !== today) setToday(serverToday);

  const { state, dispatch, savingId, onSaveRef } = useScheduleEditing(data, pager.applied);
  const exporter = useExportSchedule(view);

  const onFilterChange = useCallback((key: keyof ScheduleFilterValues, ids: number[]) => {
    const filterSetters: Record<keyof ScheduleFilterValues, (ids: number[]) => void> = {
      packhouses: setPackhouses,
      producers: setProducers,
      farms: setFarms,
      varieties: setVarieties,
    };
    filterSetters[key](ids);
    setPaging((p) => ({ ...p, first: 0 }));
  }, []);

  const onExport = () =>
    exporter.mutate(filterParams, { onError: (e) => toast.error(t('picking.downloadingError'), errorText(e) || t('picking.exportFailed')) });

  const weeks = useMemo(() => data?.weeks ?? [], [data?.weeks]);
  const footer = useMemo(() => data?.footer ?? [], [data?.footer]);
  const usablePackhouses = useMemo(() => (packhouseOptions ?? []).map((p) => ({ id: p.id, label: p.name })), [packhouseOptions]);

  // the filter panel is memoised: an edit or a committed cell does not redraw it
  const varietySource = farms.length ? varietyOptionsQuery.data : filters.data;
  const filterOptions = useMemo(
    () => ({
      packhouses: usablePackhouses,
      producers: toOptions(filters.data?.producers, (p) => p.id, (p) => p.name),
      farms: toOptions(filters.data?.farms, (f) => f.id, (f) => f.farm_Name),
      varieties: toOptions(varietySource?.varieties, (v) => v.id, (v) => v.variety_Name),
    }),
    [usablePackhouses, filters.data, varietySource],
  );
  const filterValues = useMemo(() => ({ packhouses, producers, farms, varieties }), [packhouses, producers, farms, varieties]);
  // the capacity table below needs the packhouse filter (asking before it is known would be a request
  // thrown away); the same element while its inputs stay, so edits above do not redraw it
  const belowContent = useMemo(
    () => (packhouses === null ? null : below?.({ pagerDate: pager.applied, packhouses })),
    [below, pager.applied, packhouses],
  );

  const newRows = state.rows.filter((r) => r.version === null).length;
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
          values={filterValues}
          onChange={onFilterChange}
        />
      )}

      {data && !hasRows && !schedule.isFetching && (
        <div className="picking-no-data-block">
          <Message severity="info" text={t('picking.noRows')} className="picking-no-data" />
          {/* the schedule has no add of its own: its rows are the bins planned per PUC */}
          <p className="picking-rows-start">
            {t('picking.rowsStartInPuc')}{' '}
            {hasPermission(PERMISSIONS.pickingView) && <Link to={paths.pickingSchedulePuc}>{t('picking.openPucSchedule')}</Link>}
          </p>
        </div>
      )}

      <ScheduleTable
        view={view}
        canEdit={canEdit}
        culture={culture}
        state={state}
        savingId={savingId}
        weeks={weeks}
        footerTotals={footer}
        usablePackhouses={usablePackhouses}
        dispatch={dispatch}
        onSaveRef={onSaveRef}
        paging={paging}
        onPage={setPaging}
        totalRecords={total}
        loading={schedule.isFetching || packhouses === null}
        answered={hasAnswered(schedule)}
      />

      {belowContent}
    </div>
  );
}
