/**
 * Farm Setup (management.farmSetup): the master data a season runs on, one tab per list: legal
 * entities, farms, farm blocks, PUCs, production blocks (with their CSV import), varieties and commodities.
 * A tab is drawn once it is first opened (so only the lists looked at are read) and then kept, with
 * its filters, while another tab is open. The URL fragment names the tab on screen (farm-setup-tabs.ts).
 */
import { ConfirmDialog } from 'primereact/confirmdialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BlocksTab } from './components/blocks-tab';
import { FarmBlocksTab } from './components/farm-blocks-tab';
import { FarmsTab } from './components/farms-tab';
import { LegalEntitiesTab } from './components/legal-entities-tab';
import { PucsTab } from './components/pucs-tab';
import { FARM_SETUP_CONFIRM_GROUP } from './components/setup-table';
import { CommoditiesTab, VarietiesTab } from './components/shared-lists-tab';
import { FARM_SETUP_TABS, farmSetupTabFragment, farmSetupTabIndex, type FarmSetupTabKey } from './farm-setup-tabs';
import './farm-setup.css';

const TAB_COMPONENTS: Record<FarmSetupTabKey, ComponentType> = {
  legalEntities: LegalEntitiesTab,
  farms: FarmsTab,
  farmBlocks: FarmBlocksTab,
  pucs: PucsTab,
  blocks: BlocksTab,
  varieties: VarietiesTab,
  commodities: CommoditiesTab,
};

export function FarmSetupPage() {
  const { t } = useTranslation();
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = farmSetupTabIndex(hash);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set([active]));
  // a tab opened by its address (a bookmark, Back) is drawn from then on
  if (!opened.has(active)) setOpened(new Set(opened).add(active));

  // the URL always names the tab on screen
  useEffect(() => {
    const fragment = farmSetupTabFragment(active);
    if (hash !== `#${fragment}`) void navigate({ pathname, search, hash: fragment }, { replace: true });
  }, [active, hash, pathname, search, navigate]);

  return (
    <div className="farm-setup-page">
      <h1>{t('farmSetup.title')}</h1>
      <TabView
        activeIndex={active}
        // a new history entry per tab: Back returns to the tab before
        onTabChange={(e) => void navigate({ pathname, search, hash: farmSetupTabFragment(e.index) })}
        scrollable
        renderActiveOnly={false}
        aria-label={t('farmSetup.tabs')}
        className="farm-setup-tabs"
      >
        {FARM_SETUP_TABS.map(({ key }, index) => {
          const Component = TAB_COMPONENTS[key];
          return (
            <TabPanel key={key} header={t(`farmSetup.tab.${key}`)}>
              {opened.has(index) && <Component />}
            </TabPanel>
          );
        })}
      </TabView>
      <ConfirmDialog group={FARM_SETUP_CONFIRM_GROUP} />
    </div>
  );
}

export default FarmSetupPage;
