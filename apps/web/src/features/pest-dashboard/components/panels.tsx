/**
 * The pest dashboard's four panels (docs/domain.md, Dashboard and pest dashboard: pest infection thresholds, traps count threshold, trap
 * threshold dashboard, scouting frequency), each a card of the one answer for the applied filter.
 * Order and figures are the server's (packages/shared/src/pest-dashboard): the panels only show
 * them. Until the first answer a panel shows skeleton rows; an empty answer says so in its words.
 * A figure links to the rows behind it (the block's scouting, the trap and its inspections) on the
 * capture screen, where the user's menu has that screen; the traps over threshold show on a map on
 * request (the map and its tiles load only then).
 */
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PERMISSIONS, type Permission } from '@orchard/shared/core';
import type { PestDashboardResponse } from '@orchard/shared/pest-dashboard';
import { compactInputCheckRow } from '../../../components/input-check-details';
import { InputChecksTable } from '../../../components/input-checks-table';
import { scrollableTablePt } from '../../../components/table-accessibility';
import { TableEmpty } from '../../../components/table-empty';
import { paths } from '../../../config/paths';
import { fieldListLink, type FieldListFilters } from '../../../lib/field-list-filters';
import { menuHasScreen } from '../../../lib/session/menu-utils';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useFormatters } from '../../../lib/use-formatters';

const TrapCountChart = lazy(() => import('./trap-count-chart'));
const TrapMap = lazy(() => import('./trap-map'));

/**
 * A link to a capture screen's rows, or null where it would not show them: the user's menu has not
 * that screen, or the user does not hold the list's view permission (a capture-only holder opens the
 * screen on its form, without the rows).
 */
function useRowsLink(path: string, view: Permission) {
  const { menu, hasPermission } = useSessionContext();
  const reachable = menuHasScreen(menu, path) && hasPermission(view);
  return (filters: Partial<FieldListFilters>) => (reachable ? fieldListLink(path, filters) : null);
}

/** A figure; with a link, its accessible name starts with the figure and says what it opens. */
function FigureLink({ to, text, label }: { to: string | null; text: string; label: string }) {
  if (!to) return <>{text}</>;
  return (
    <Link to={to} aria-label={label} className="pest-figure-link">
      {text}
    </Link>
  );
}

type Panels = PestDashboardResponse;
type ThresholdStatus = 'below' | 'near' | 'over' | null;

const SEVERITY = { below: 'success', near: 'warning', over: 'danger' } as const;

export function ThresholdTag({ status }: { status: ThresholdStatus }) {
  const { t } = useTranslation();
  if (status === null) return <span className="pest-status-none">{t('pestDashboard.status.none')}</span>;
  return <Tag value={t(`pestDashboard.status.${status}`)} className={`tone-tag tone-${SEVERITY[status]} pest-status pest-status-${status}`} />;
}

function Panel({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Card className={`pest-panel pest-panel-${id}`} title={<h3 className="card-heading">{heading}</h3>}>
      {children}
    </Card>
  );
}

/** The table props every panel shares: skeleton until answered, its empty text, scroll inside, its caption. */
function panelTable(caption: string, empty: string, answered: boolean, loading: boolean) {
  return {
    loading,
    emptyMessage: <TableEmpty answered={answered} text={empty} />,
    scrollable: true,
    scrollHeight: '360px',
    size: 'small' as const,
    pt: scrollableTablePt(caption),
    className: 'pest-table',
  };
}

interface PanelProps {
  data: Panels | undefined;
  answered: boolean;
  loading: boolean;
}

export function InfectionPanel({ data, answered, loading }: PanelProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const percent = (value: number | null) => (value === null ? '' : format.number(value, { maximumFractionDigits: 1 }));
  const withoutPoints = data?.infection.blocksWithoutPoints ?? [];
  const scoutingLink = useRowsLink(paths.fieldScouting, PERMISSIONS.scoutingView);
  type Row = Panels['infection']['rows'][number];
  const points = (r: Row) => {
    const text = t('pestDashboard.infection.pointsValue', { infested: r.pointsInfested, inspected: r.pointsInspected });
    return (
      <FigureLink
        text={text}
        to={data ? scoutingLink({ farmId: r.farmId, blockId: r.blockId, from: data.from, to: data.to }) : null}
        label={t('pestDashboard.links.sessions', { value: text, farm: r.farmName, block: r.blockName })}
      />
    );
  };
  return (
    <Panel id="infection" heading={t('pestDashboard.infection.heading')}>
      <DataTable
        value={data?.infection.rows ?? []}
        {...panelTable(t('pestDashboard.infection.caption'), t('pestDashboard.infection.empty'), answered, loading)}
      >
        <Column header={t('pestDashboard.infection.farm')} field="farmName" />
        <Column header={t('pestDashboard.infection.block')} field="blockName" />
        <Column header={t('pestDashboard.infection.pest')} field="pestName" />
        <Column header={t('pestDashboard.infection.points')} body={points} />
        <Column header={t('pestDashboard.infection.share')} body={(r: Panels['infection']['rows'][number]) => percent(r.sharePercent)} className="num" />
        <Column header={t('pestDashboard.infection.threshold')} body={(r: Panels['infection']['rows'][number]) => percent(r.thresholdPercent)} className="num" />
        <Column header={t('pestDashboard.infection.status')} body={(r: Panels['infection']['rows'][number]) => <ThresholdTag status={r.status} />} />
      </DataTable>
      {withoutPoints.length > 0 && (
        <p className="pest-panel-note">{t('pestDashboard.infection.withoutPoints', { blocks: withoutPoints.map((b) => `${b.farmName} ${b.blockName}`).join(', ') })}</p>
      )}
    </Panel>
  );
}

export function TrapCountsPanel({ data, answered }: PanelProps) {
  const { t } = useTranslation();
  const series = data?.trapCounts.series ?? [];
  return (
    <Panel id="trap-counts" heading={t('pestDashboard.trapCounts.heading')}>
      {!answered ? (
        <TableEmpty answered={false} text="" />
      ) : series.length === 0 ? (
        <p className="pest-panel-empty">{t('pestDashboard.trapCounts.empty')}</p>
      ) : (
        <div className="pest-series-list">
          {series.map((s) => (
            <section key={`${s.trapType}:${s.pest}`} className="pest-series">
              <h4>{t('pestDashboard.trapCounts.seriesTitle', { trapType: s.trapTypeName, pest: s.pestName })}</h4>
              <p className="pest-series-summary">{t('pestDashboard.trapCounts.seriesSummary', { traps: s.traps, days: s.overDays })}</p>
              <Suspense fallback={<p className="pest-chart-loading">{t('pestDashboard.trapCounts.loading')}</p>}>
                <TrapCountChart series={s} />
              </Suspense>
            </section>
          ))}
        </div>
      )}
    </Panel>
  );
}

type TrapRow = Panels['trapsOverThreshold']['rows'][number];

export function TrapsOverPanel({ data, answered, loading }: PanelProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const trapsLink = useRowsLink(paths.fieldTraps, PERMISSIONS.trapsView);
  const [showMap, setShowMap] = useState(false);
  const mapId = useId();
  const rows = data?.trapsOverThreshold.rows ?? [];
  const trap = (r: TrapRow) => {
    const text = r.code ? `${r.code} (${r.trapTypeName})` : r.trapTypeName;
    return (
      <FigureLink
        text={text}
        to={trapsLink({ farmId: r.farmId, blockId: r.blockId })}
        label={t('pestDashboard.links.trap', { value: text, farm: r.farmName, block: r.blockName })}
      />
    );
  };
  return (
    <Panel id="traps-over" heading={t('pestDashboard.trapsOver.heading')}>
      <DataTable
        value={data?.trapsOverThreshold.rows ?? []}
        dataKey="trapId"
        {...panelTable(t('pestDashboard.trapsOver.caption'), t('pestDashboard.trapsOver.empty'), answered, loading)}
      >
        <Column header={t('pestDashboard.trapsOver.farm')} field="farmName" />
        <Column header={t('pestDashboard.trapsOver.block')} field="blockName" />
        <Column header={t('pestDashboard.trapsOver.trap')} body={trap} />
        <Column header={t('pestDashboard.trapsOver.pest')} field="pestName" />
        <Column header={t('pestDashboard.trapsOver.lastCount')} body={(r: TrapRow) => format.number(r.lastCount)} className="num" />
        <Column header={t('pestDashboard.trapsOver.threshold')} body={(r: TrapRow) => format.number(r.thresholdCount, { maximumFractionDigits: 1 })} className="num" />
        <Column header={t('pestDashboard.trapsOver.lastInspected')} body={(r: TrapRow) => format.day(r.lastInspectedOn)} />
        <Column header={t('pestDashboard.trapsOver.daysOver')} body={(r: TrapRow) => format.number(r.daysOver)} className="num" />
      </DataTable>
      {rows.length > 0 && (
        <div className="pest-map-toggle">
          <Button
            type="button"
            icon={showMap ? 'pi pi-eye-slash' : 'pi pi-map'}
            label={t(showMap ? 'pestDashboard.trapsOver.hideMap' : 'pestDashboard.trapsOver.showMap')}
            outlined
            size="small"
            aria-expanded={showMap}
            aria-controls={mapId}
            onClick={() => setShowMap((v) => !v)}
          />
        </div>
      )}
      <div id={mapId}>
        {showMap && rows.length > 0 && (
          <Suspense fallback={<p className="pest-chart-loading">{t('pestDashboard.trapsOver.mapLoading')}</p>}>
            <TrapMap traps={rows} />
          </Suspense>
        )}
      </div>
    </Panel>
  );
}

type FrequencyRow = Panels['scoutingFrequency']['blocks'][number];
const FREQUENCY_SEVERITY = { 'on-time': 'success', overdue: 'danger', never: 'warning' } as const;

export function ScoutingFrequencyPanel({ data, answered, loading }: PanelProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const frequency = data?.scoutingFrequency;
  const scoutingLink = useRowsLink(paths.fieldScouting, PERMISSIONS.scoutingView);
  const lastScouted = (r: FrequencyRow) => {
    if (!r.lastScoutedOn) return '';
    const text = format.day(r.lastScoutedOn);
    return (
      <FigureLink
        text={text}
        to={scoutingLink({ farmId: r.farmId, blockId: r.blockId, from: r.lastScoutedOn, to: r.lastScoutedOn })}
        label={t('pestDashboard.links.sessions', { value: text, farm: r.farmName, block: r.blockName })}
      />
    );
  };
  return (
    <Panel id="scouting" heading={t('pestDashboard.scouting.heading')}>
      {frequency && <p className="pest-panel-note">{t('pestDashboard.scouting.required', { days: frequency.requiredDays })}</p>}
      <div className="pest-scouting">
        <DataTable
          value={frequency?.blocks ?? []}
          dataKey="blockId"
          {...panelTable(t('pestDashboard.scouting.caption'), t('pestDashboard.scouting.empty'), answered, loading)}
        >
          <Column header={t('pestDashboard.scouting.farm')} field="farmName" />
          <Column header={t('pestDashboard.scouting.block')} field="blockName" />
          <Column header={t('pestDashboard.scouting.lastScouted')} body={lastScouted} />
          <Column header={t('pestDashboard.scouting.daysSince')} body={(r: FrequencyRow) => (r.daysSince === null ? '' : format.number(r.daysSince))} className="num" />
          <Column
            header={t('pestDashboard.scouting.statusColumn')}
            body={(r: FrequencyRow) => <Tag value={t(`pestDashboard.scouting.status.${r.status}`)} className={`tone-tag tone-${FREQUENCY_SEVERITY[r.status]}`} />}
          />
        </DataTable>
        <InputChecksTable compact rows={(frequency?.farms ?? []).map(compactInputCheckRow)} answered={answered} loading={loading} />
      </div>
    </Panel>
  );
}
