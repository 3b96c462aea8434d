/**
 * A field capture screen: its title, then one capture list, or several in tabs (traps and their
 * inspections; tensiometer readings and water applied). Only the lists the user may capture or
 * read are shown.
 */
import { ConfirmDialog } from 'primereact/confirmdialog';
import { TabPanel, TabView } from 'primereact/tabview';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@orchard/shared/core';
import { useSessionContext } from '../../../lib/session/use-session-context';
import '../field-capture.css';

export interface CaptureTab {
  key: string;
  /** i18n key of the tab */
  label: string;
  /** any of these shows the tab */
  permissions: readonly Permission[];
  content: ReactNode;
}

export function CapturePage({ title, tabs }: { title: string; tabs: readonly CaptureTab[] }) {
  const { t } = useTranslation();
  const { hasPermission } = useSessionContext();
  const shown = tabs.filter((tab) => tab.permissions.some((p) => hasPermission(p)));
  return (
    <div className="field-capture-page">
      <h1>{t(title)}</h1>
      {shown.length === 1 ? (
        shown[0]!.content
      ) : (
        <TabView className="capture-tabs">
          {shown.map((tab) => (
            <TabPanel key={tab.key} header={t(tab.label)}>
              {tab.content}
            </TabPanel>
          ))}
        </TabView>
      )}
      <ConfirmDialog />
    </div>
  );
}

/** The tab of one capture list: shown to those who capture it or read it. */
export const tabOf = (
  kind: { key: string; texts: { section: string }; capturePermission: Permission; viewPermission: Permission },
  content: ReactNode,
): CaptureTab => ({ key: kind.key, label: kind.texts.section, permissions: [kind.capturePermission, kind.viewPermission], content });
