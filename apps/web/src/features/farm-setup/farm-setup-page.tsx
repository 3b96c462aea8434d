/**
 * Farm Setup (management.farmSetup): the master data a season runs on, one tab per list: legal
 * entities, farms, farm blocks, PUCs, production blocks (with their CSV import), varieties and commodities.
 * A tab is drawn once it is first opened (so only the lists looked at are read) and then kept, with
 * its filters, while another tab is open.
 */
import { ConfirmDialog } from 'primereact/confirmdialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BlocksTab } from './components/blocks-tab';
import { FarmBlocksTab } from './components/farm-blocks-tab';
import { FarmsTab } from './components/farms-tab';
import { LegalEntitiesTab } from './components/legal-entities-tab';
import { PucsTab } from './components/pucs-tab';
import { FARM_SETUP_CONFIRM_GROUP } from './components/setup-table';
import { CommoditiesTab, VarietiesTab } from './components/shared-lists-tab';
import './farm-setup.css';

const TABS: { key: string; Component: ComponentType }[] = [
  { key: 'legalEntities', Component: LegalEntitiesTab },
  { key: 'farms', Component: FarmsTab },
  { key: 'farmBlocks', Component: FarmBlocksTab },
  { key: 'pucs', Component: PucsTab },
  { key: 'blocks', Component: BlocksTab },
  { key: 'varieties', Component: VarietiesTab },
  { key: 'commodities', Component: CommoditiesTab },
];

export function FarmSetupPage() {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set([0]));
  return (
    <div className="farm-setup-page">
      <h1>{t('farmSetup.title')}</h1>
      <TabView activeIndex={active} onTabChange={(e) => {
          setActive(e.index);
          setOpened((o) => new Set(o).add(e.index));
        }} scrollable renderActiveOnly={false} aria-label={t('farmSetup.tabs')} className="farm-setup-tabs">
        {TABS.map(({ key, Component }, index) => (
          <TabPanel key={key} header={t(`farmSetup.tab.${key}`)}>
            {opened.has(index) && <Component />}
          </TabPanel>
        ))}
      </TabView>
      <ConfirmDialog group={FARM_SETUP_CONFIRM_GROUP} />
    </div>
  );
}

export default FarmSetupPage;
