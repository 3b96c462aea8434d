/**
 * Packhouse Readings (Packhouse > Packhouse Readings, packhouse.readings.view): for one of the
 * packhouses assigned to the user, the packing lines with their wax readings and the cold rooms
 * with their temperature and humidity readings, each in its tab. Those holding
 * packhouse.readings.capture also capture, edit and delete readings and keep the lines and rooms.
 * Made for a phone first: one column at 375 px, the form beside the list on wide screens.
 */
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orchard/shared/core';
import { FormField } from '../../components/field-error';
import { labelledDropdownPt } from '../../components/filter-fields';
import { PageLoader } from '../../components/page-loader';
import { errorText } from '../../lib/api-error';
import { useSessionContext } from '../../lib/session/use-session-context';
import { useReadingPackhouses } from './api/packhouse-readings-api';
import { ReadingsTab } from './components/readings-tab';
import { ROOM_KIND, WAX_KIND } from './reading-kinds';
import './packhouse-readings.css';

export function PackhouseReadingsPage() {
  const { t } = useTranslation();
  const { hasPermission } = useSessionContext();
  const canCapture = hasPermission(PERMISSIONS.packhouseReadingsCapture);
  const packhouses = useReadingPackhouses();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = packhouses.data ?? [];
  const packhouse = list.find((p) => p.id === chosen) ?? list[0] ?? null;

  return (
    <div className="packhouse-readings-page">
      <h1>{t('packhouseReadings.title')}</h1>
      {packhouses.isPending && <PageLoader />}
      {packhouses.error && <Message severity="error" text={errorText(packhouses.error) || t('packhouseReadings.packhousesFailed')} />}
      {packhouses.isSuccess && list.length === 0 && <Message severity="info" text={t('packhouseReadings.noPackhouses')} />}
      {packhouse && (
        <>
          <div className="readings-packhouse">
            <FormField id="readings-packhouse" label={t('packhouseReadings.packhouse')} error={undefined}>
              <Dropdown
                inputId="readings-packhouse"
                value={packhouse.id}
                options={list.map((p) => ({ value: p.id, label: p.name }))}
                optionLabel="label"
                optionValue="value"
                onChange={(e) => setChosen((e.value as number | null | undefined) ?? null)}
                className="w-full"
                pt={labelledDropdownPt}
              />
            </FormField>
          </div>
          <TabView className="readings-tabs">
            {[WAX_KIND, ROOM_KIND].map((kind) => (
              <TabPanel key={kind.key} header={t(kind.texts.tab)}>
                <ReadingsTab key={`${kind.key}-${packhouse.id}`} kind={kind} packhouseId={packhouse.id} canCapture={canCapture} />
              </TabPanel>
            ))}
          </TabView>
        </>
      )}
      <ConfirmDialog />
    </div>
  );
}

export default PackhouseReadingsPage;
