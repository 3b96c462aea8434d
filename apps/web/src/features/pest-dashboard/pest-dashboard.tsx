/**
 * Pest dashboard (docs/domain.md, Dashboard and pest dashboard), the part of the dashboard screen for holders of
 * dashboard.pest: the Farm filter (every farm preselected), a date range picker (Monday start, week numbers, day/month/year views) whose chosen
 * day selects the 10 days before it as well, Apply, and the four panels of the applied filter. The
 * first view applies today on every farm at once. Figures and their order are the server's.
 */
import { addLocale, localeOptions } from 'primereact/api';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Message } from 'primereact/message';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf } from '@orchard/shared/core';
import { farmOperationsFarmsSearch } from '@orchard/shared/farm-operations';
import { pestDashboardWindow } from '@orchard/shared/pest-dashboard';
import { MultiFilter, type FilterOption } from '../../components/filter-fields';
import { hasAnswered } from '../../components/table-empty';
import { errorText } from '../../lib/api-error';
import { calendarPt, fromDay, toDay } from '../../lib/calendar-days';
import { useFormatters } from '../../lib/use-formatters';
import { usePestDashboardFarms } from './api/get-farms';
import { usePestDashboardPanels } from './api/get-panels';
import { InfectionPanel, ScoutingFrequencyPanel, TrapCountsPanel, TrapsOverPanel } from './components/panels';
import './pest-dashboard.css';

/** The picker's weeks start on Monday (docs/domain.md, Dashboard and pest dashboard); the rest of PrimeReact's English locale stays. */
const MONDAY_LOCALE = 'en-monday';
addLocale(MONDAY_LOCALE, { ...localeOptions('en'), firstDayOfWeek: 1 });

/** The query of a filter: the day and, unless every farm is chosen, the farms. */
const searchOf = (date: string, farms: string) => `date=${date}${farms ? `&${farms}` : ''}`;

/**
 * The filter is state of the screen: an organisation switch must not keep the previous organisation's
 * farms (Apply would name farms the new one does not have): the shell mounts each screen afresh per
 * organisation (app/organization-scope.tsx).
 */
export function PestDashboard() {
  const { t } = useTranslation();
  const format = useFormatters();
  const datesId = useId();
  const today = useMemo(() => dayOf(new Date()), []);

  const farmsQuery = usePestDashboardFarms();
  const [farms, setFarms] = useState<number[] | null>(null);
  const [date, setDate] = useState<string>(today);
  const [applied, setApplied] = useState<string | null>(null);

  const farmOptions = useMemo<FilterOption[]>(() => (farmsQuery.data ?? []).map((f) => ({ id: f.id, label: f.farmName })), [farmsQuery.data]);
  const farmsSearch = farms === null ? null : farmOperationsFarmsSearch(farms, farmOptions.map((o) => o.id));

  // every farm starts chosen, and the first view is today's, applied at once
  useEffect(() => {
    if (farms !== null || !farmsQuery.data) return;
    setFarms(farmsQuery.data.map((f) => f.id));
    setApplied(searchOf(today, ''));
  }, [farms, farmsQuery.data, today]);

  const panels = usePestDashboardPanels(applied);
  const data = panels.data;
  // a previous filter's panels stay in view while the next load, marked loading
  const answered = hasAnswered(panels);
  const loading = panels.isFetching;

  const chosen = pestDashboardWindow(date);
  const range = [fromDay(chosen.from), fromDay(chosen.to)];

  const onApply = () => {
    if (farmsSearch === null) return;
    setApplied(searchOf(date, farmsSearch));
  };

  const noFarms = farmsQuery.data !== undefined && farmsQuery.data.length === 0;
  const loadError = farmsQuery.error ?? panels.error;
  const panelProps = { data, answered, loading };

  // no farm assigned: nothing to filter or show, so only the reason (no disabled filter to misread)
  if (noFarms) {
    return (
      <section className="pest-dashboard" aria-labelledby={`${datesId}-heading`}>
        <h2 id={`${datesId}-heading`}>{t('pestDashboard.title')}</h2>
        <p className="pest-dashboard-message">{t('pestDashboard.noFarms')}</p>
      </section>
    );
  }

  return (
    <section className="pest-dashboard" aria-labelledby={`${datesId}-heading`}>
      <h2 id={`${datesId}-heading`}>{t('pestDashboard.title')}</h2>

      <section className="pest-dashboard-filters" aria-label={t('pestDashboard.filters')}>
        <MultiFilter label={t('pestDashboard.farm')} options={farmOptions} value={farms ?? []} onChange={setFarms} />
        <div className="filter-field">
          <label htmlFor={datesId}>{t('pestDashboard.dates')}</label>
          <Calendar
            inputId={datesId}
            selectionMode="range"
            value={range}
            // the day clicked is the one the range does not already end on: a click starts a new range
            onChange={(e) => {
              const value = e.value as (Date | null)[] | null;
              const picked = value?.[1] ?? value?.[0];
              if (picked) setDate(toDay(picked));
            }}
            maxDate={fromDay(today) ?? undefined}
            showWeek
            locale={MONDAY_LOCALE}
            dateFormat={format.calendarDateFormat}
            readOnlyInput
            showIcon
            tooltip={t('pestDashboard.datesTooltip')}
            tooltipOptions={{ position: 'top', event: 'both' }}
            aria-describedby={`${datesId}-hint`}
            className="w-full"
            pt={calendarPt}
            panelClassName="pest-dashboard-calendar"
          />
          <span id={`${datesId}-hint`} className="visually-hidden">
            {t('pestDashboard.datesTooltip')}
          </span>
        </div>
        <div className="pest-dashboard-actions">
          <Button type="button" icon="pi pi-check" label={t('pestDashboard.apply')} disabled={farmsSearch === null} onClick={onApply} />
        </div>
      </section>

      {data && <p className="pest-dashboard-window">{t('pestDashboard.window', { from: format.day(data.from), to: format.day(data.to) })}</p>}
      {data?.defaultThresholds && <p className="pest-dashboard-defaults">{t('pestDashboard.defaultThresholds')}</p>}
      {loadError && <Message severity="error" text={errorText(loadError) || t('pestDashboard.loadFailed')} className="pest-dashboard-message" />}

      <div className="pest-panels">
        <InfectionPanel {...panelProps} />
        <TrapCountsPanel {...panelProps} />
        <TrapsOverPanel {...panelProps} />
        <ScoutingFrequencyPanel {...panelProps} />
      </div>
    </section>
  );
}
