/**
 * One trap type and pest over the window: the mean count per inspection as bars, the threshold as a
 * dashed line, each shown in the legend by its own marker (a box, a dashed line). PrimeReact's Chart over Chart.js (a kept library; Chart draws on a canvas, which takes
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

/** What the legend's generateLabels reads of the chart (Chart.js is PrimeReact's to load, not imported here). */
interface LegendChart {
  data: { datasets: { type?: string; label?: string }[] };
  isDatasetVisible: (index: number) => boolean;
}

/** the legend markers' width: long enough for the threshold's dashes to read as a dashed line */
const LEGEND_MARKER_WIDTH = 28;

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
    const threshold = { color: line, width: 2, dash: [6, 4] };
    if (series.thresholdCount !== null) {
      datasets.push({
        type: 'line',
        label: t('pestDashboard.trapCounts.threshold'),
        data: series.days.map(() => series.thresholdCount),
        borderColor: threshold.color,
        backgroundColor: threshold.color,
        borderWidth: threshold.width,
        borderDash: threshold.dash,
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
        plugins: {
          legend: {
            labels: {
              color: text,
              // each entry's marker is what it stands for: a filled box for the bars, the dashed line for the threshold
              usePointStyle: true,
              pointStyleWidth: LEGEND_MARKER_WIDTH,
              generateLabels: (chart: LegendChart) =>
                chart.data.datasets.map((d, i) => {
                  const isLine = d.type === 'line';
                  return {
                    text: d.label,
                    fontColor: text,
                    hidden: !chart.isDatasetVisible(i),
                    datasetIndex: i,
                    pointStyle: isLine ? 'line' : 'rect',
                    fillStyle: isLine ? 'transparent' : bars,
                    strokeStyle: isLine ? threshold.color : bars,
                    lineWidth: isLine ? threshold.width : 0,
                    lineDash: isLine ? threshold.dash : [],
                  };
                }),
            },
          },
        },
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
