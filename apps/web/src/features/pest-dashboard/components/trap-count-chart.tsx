/**
 * One trap type and pest over the window: the mean count per inspection as bars, the threshold as a
 * dashed line. PrimeReact's Chart over Chart.js (a kept library; Chart draws on a canvas, which takes
 * no CSP exception, and PrimeReact loads Chart.js itself on first use). This module is lazy: neither
 * it nor Chart.js is part of any route but the dashboard. Colours come from the theme's variables, so
 * the chart follows the chosen theme; the figures are also in the panel's text for screen readers.
 */
import { Chart } from 'primereact/chart';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PestDashboardResponse } from '@orchard/shared/pest-dashboard';
import { useFormatters } from '../../../lib/use-formatters';

type Series = PestDashboardResponse['trapCounts']['series'][number];

function themeColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export function TrapCountChart({ series }: { series: Series }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data, options } = useMemo(() => {
    const text = themeColour('--text-color', '#495057');
    const grid = themeColour('--surface-border', '#dee2e6');
    const bars = themeColour('--primary-color', '#3b82f6');
    const line = themeColour('--red-500', '#ef4444');
    const datasets: object[] = [
      { type: 'bar', label: t('pestDashboard.trapCounts.mean'), data: series.days.map((d) => d.meanCount), backgroundColor: bars, order: 2 },
    ];
    if (series.thresholdCount !== null) {
      datasets.push({
        type: 'line',
        label: t('pestDashboard.trapCounts.threshold'),
        data: series.days.map(() => series.thresholdCount),
        borderColor: line,
        backgroundColor: line,
        borderDash: [6, 4],
        pointRadius: 0,
        fill: false,
        order: 1,
      });
    }
    return {
      data: { labels: series.days.map((d) => format.day(d.day)), datasets },
      options: {
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { labels: { color: text } } },
        scales: {
          x: { ticks: { color: text }, grid: { color: grid } },
          y: { beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
        },
      },
    };
  }, [series, t, format]);
  return (
    <Chart
      type="bar"
      data={data}
      options={options}
      height="220px"
      className="pest-chart"
      ariaLabel={t('pestDashboard.trapCounts.chartLabel', { trapType: series.trapTypeName, pest: series.pestName })}
    />
  );
}

export default TrapCountChart;
