/**
 * The default landing page picker (docs/domain.md, Roles): a tree of the menu items the selected
 * permissions open, only leaves selectable. Three states: viewing, editing, and accepted or cancelled.
 */
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tree, type TreeSelectionEvent } from 'primereact/tree';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@orchard/shared/shell';
import { menuLabel } from '../../../lib/i18n';
import { branchKeys, findMenuItem, menuTreeNodes } from '../landing-page-tree';

export type PickerState = 'viewing' | 'editing' | 'accepted' | 'cancelled';

export interface LandingPagePickerProps {
  items: readonly MenuItem[];
  loading: boolean;
  failed: boolean;
  value: string | null;
  onChange: (id: string | null) => void;
  readOnly: boolean;
}

export function LandingPagePicker({ items, loading, failed, value, onChange, readOnly }: LandingPagePickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [state, setState] = useState<PickerState>('viewing');
  const [tentative, setTentative] = useState<string | null>(value);
  const nodes = useMemo(() => menuTreeNodes(items, menuLabel), [items]);
  const expanded = useMemo(() => branchKeys(items), [items]);
  const chosen = findMenuItem(items, value);
  const chosenLabel = value ? (chosen ? menuLabel(chosen.displayName) : value) : t('roles.landingPageNone');

  const startEditing = () => {
    setTentative(value);
    setState('editing');
  };

  return (
    <div className="landing-page-picker" data-state={state}>
      <div className="landing-page-current">
        <span id={labelId} className="field-label">
          {t('roles.landingPage')}
        </span>
        <span className="landing-page-value" aria-labelledby={labelId} data-testid="landing-page-value">
          {chosenLabel}
        </span>
        {!readOnly && state !== 'editing' && (
          <Button type="button" size="small" text label={t('roles.landingPageChange')} aria-describedby={labelId} onClick={startEditing} />
        )}
      </div>
      {state === 'editing' && (
        <div className="landing-page-editor">
          {loading && items.length === 0 ? (
            <div className="landing-page-loading" role="status">
              <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" aria-hidden="true" />
              <span>{t('roles.landingPageLoading')}</span>
            </div>
          ) : failed ? (
            <p role="alert">{t('roles.landingPageLoadError')}</p>
          ) : nodes.length === 0 ? (
            <p>{t('roles.landingPageEmpty')}</p>
          ) : (
            <Tree
              value={nodes}
              selectionMode="single"
              selectionKeys={tentative}
              expandedKeys={expanded}
              onToggle={() => undefined}
              onSelectionChange={(e: TreeSelectionEvent) => setTentative(typeof e.value === 'string' ? e.value : null)}
              aria-label={t('roles.landingPageTree')}
              className="landing-page-tree"
            />
          )}
          <div className="landing-page-actions">
            <Button
              type="button"
              size="small"
              label={t('roles.landingPageAccept')}
              disabled={loading}
              onClick={() => {
                onChange(tentative);
                setState('accepted');
              }}
            />
            <Button type="button" size="small" text label={t('roles.landingPageCancel')} onClick={() => setState('cancelled')} />
          </div>
        </div>
      )}
    </div>
  );
}
