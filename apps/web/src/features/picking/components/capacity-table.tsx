/**
 * The packhouse capacity table: one row per packhouse the organisation runs, one column per week
 * ("totalBins / capacity"), row edit, save and cancel with capacity inputs in the editable weeks.
 * Editing needs capacity.edit and the `editable` flag of the page (the packhouse view).
 */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tooltip } from 'primereact/tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '@orchard/shared/core';
import { weekKey, type CapacityRowResponse } from '@orchard/shared/picking';
import { RowActionButton } from '../../../components/row-actions';
import { namedPaginatorTemplate, scrollableTablePt } from '../../../components/table-accessibility';
import { errorText } from '../../../lib/api-error';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useFormatters } from '../../../lib/use-formatters';
import { toast } from '../../../lib/toast';
import { useCapacities } from '../api/get-capacities';
import { useSaveCapacity } from '../api/save-capacity';
import { capacitySavePlan, draftOf, formatCapacityCell, type CapacityDraft } from '../capacity-state';
import '../capacity.css';

interface Props {
  pagerDate: string | null;
  packhouses: number[];
  editable: boolean;
}

export function CapacityTable({ pagerDate, packhouses, editable }: Props) {
  const { t } = useTranslation();
  const { hasPermission } = useSessionContext();
  const format = useFormatters();
  const canEdit = editable && hasPermission(PERMISSIONS.capacityEdit);
  const capacities = useCapacities({ pagerDate, packhouses });
  const save = useSaveCapacity();
  const [drafts, setDrafts] = useState<Record<number, CapacityDraft>>({});
  const [invalid, setInvalid] = useState<Record<number, string | null>>({});
  const data = capacities.data;
  const num = (n: number) => format.number(n);

  const stopEditing = (packhouse: number) => {
    setDrafts((all) => {
      const next = { ...all };
      delete next[packhouse];
      return next;
    });
    setInvalid((all) => ({ ...all, [packhouse]: null }));
  };

  const onSave = (row: CapacityRowResponse) => {
    const draft = drafts[row.packhouse];
    if (!draft) return;
    const plan = capacitySavePlan(row, draft, pagerDate);
    if (plan.kind === 'unchanged') {
      stopEditing(row.packhouse);
      return;
    }
    if (plan.kind === 'invalid') {
      setInvalid((all) => ({ ...all, [row.packhouse]: plan.weekKey }));
      toast.error(t('packhouseCapacity.error'), t('packhouseCapacity.invalidCapacity'));
      return;
    }
    save.mutate(
      { packhouseId: row.packhouse, body: plan.body },
      {
        onSuccess: () => {
          stopEditing(row.packhouse);
          toast.success(t('packhouseCapacity.success'), t('packhouseCapacity.saved'));
        },
        onError: (e) => toast.error(t('packhouseCapacity.error'), errorText(e)),
      },
    );
  };

  const weeks = data?.weeks ?? [];

  return (
    <section className="capacity-section" aria-labelledby="capacity-heading">
      <h2 id="capacity-heading">{t('packhouseCapacity.caption')}</h2>
      {/* keyed by the columns: a Tooltip binds to the targets present when it mounts */}
      <Tooltip key={weeks.map((w) => w.week).join('-')} target=".capacity-week-header" position="top" />
      {/* cells read edit state kept outside the row objects: PrimeReact's cell memo would keep them stale */}
      <DataTable
        cellMemo={false}
        value={data?.rows ?? []}
        dataKey="packhouse"
        paginator
        rows={TABLE_PAGE_SIZE}
        rowsPerPageOptions={[...TABLE_PAGE_SIZE_OPTIONS]}
        paginatorTemplate={namedPaginatorTemplate(t('packhouseCapacity.rowsPerPage'))}
        currentPageReportTemplate={t('packhouseCapacity.pageReport')}
        loading={capacities.isFetching}
        emptyMessage={t('packhouseCapacity.noData')}
        scrollable
        scrollHeight="300px"
        size="small"
        showGridlines
        pt={scrollableTablePt(t('packhouseCapacity.caption'))}
        className="capacity-table"
      >
        <Column field="packhouseName" header={t('packhouseCapacity.packhouse')} />
        {weeks.map((w) => {
          const key = weekKey(w.year, w.week);
          return (
            <Column
              key={key}
              header={
                <span className="capacity-week-header" data-pr-tooltip={t('packhouseCapacity.weekTooltip', { week: w.week, year: w.year })}>
                  {w.week}
                </span>
              }
              headerClassName={`week-col week-col-${w.color}`}
              bodyClassName={`week-col week-col-${w.color}`}
              body={(row: CapacityRowResponse) => {
                const cell = row.weeks[key];
                if (!cell) return '';
                const draft = drafts[row.packhouse];
                if (!draft || cell.readonly || draft[key] === undefined) return formatCapacityCell(cell.totalBins, cell.capacity, num);
                return (
                  <span className="capacity-edit-cell">
                    <span>{num(cell.totalBins)} /</span>
                    <input
                      type="text"
                      inputMode="numeric"
                      className={`p-inputtext p-component capacity-input ${invalid[row.packhouse] === key ? 'p-invalid' : ''}`}
                      aria-label={t('packhouseCapacity.capacityOf', { packhouse: row.packhouseName, week: w.week, year: w.year })}
                      aria-invalid={invalid[row.packhouse] === key}
                      value={draft[key]}
                      onChange={(e) => {
                        // kept exactly as typed: Save refuses anything but 1 to 5 digits with the rule's message
                        const text = e.target.value;
                        setDrafts((all) => ({ ...all, [row.packhouse]: { ...all[row.packhouse], [key]: text } }));
                      }}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') onSave(row);
                      }}
                    />
                  </span>
                );
              }}
            />
          );
        })}
        {canEdit && (
          <Column
            header={t('packhouseCapacity.action')}
            body={(row: CapacityRowResponse) =>
              drafts[row.packhouse] ? (
                <div className="capacity-actions">
                  <RowActionButton
                    action="save"
                    label={t('packhouseCapacity.save', { packhouse: row.packhouseName })}
                    loading={save.isPending && save.variables?.packhouseId === row.packhouse}
                    disabled={save.isPending}
                    onClick={() => onSave(row)}
                  />
                  <RowActionButton
                    action="cancel"
                    label={t('packhouseCapacity.cancel', { packhouse: row.packhouseName })}
                    onClick={() => stopEditing(row.packhouse)}
                  />
                </div>
              ) : (
                <RowActionButton
                  action="edit"
                  label={t('packhouseCapacity.edit', { packhouse: row.packhouseName })}
                  onClick={() => setDrafts((all) => ({ ...all, [row.packhouse]: draftOf(row) }))}
                />
              )
            }
          />
        )}
      </DataTable>
    </section>
  );
}

export default CapacityTable;
