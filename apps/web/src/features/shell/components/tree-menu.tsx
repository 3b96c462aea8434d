/**
 * The multi-level navigation menu built from the server's menu data. Branches are buttons with
 * aria-expanded; leaves are links. State rules live in menu-state.ts.
 */
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MENU_ANIMATION_MS } from '../../../lib/ui-constants';
import { type MenuItem } from '@orchard/shared/shell';
import { menuLabel } from '../../../lib/i18n';
import {
  emptyTypeahead,
  expandedFor,
  findTypeaheadMatch,
  isCurrentUrl,
  isDisabled,
  toggleItem,
  typeaheadKey,
  visibleItems,
  type Expanded,
  type TypeaheadState,
} from '../menu-state';

export interface TreeMenuProps {
  items: MenuItem[];
  /** called after a leaf is chosen (the mobile sidebar closes itself) */
  onNavigate?: () => void;
  className?: string;
}

export function TreeMenu({ items, onNavigate, className }: TreeMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const baseId = useId();
  const navRef = useRef<HTMLElement>(null);
  const typeahead = useRef<TypeaheadState>(emptyTypeahead);
  const [expanded, setExpanded] = useState<Expanded>(() =>
    expandedFor(items, (item) => !!item.url && item.url.split('#')[0] === location.pathname),
  );

  const toggle = useCallback((id: string) => setExpanded((s) => toggleItem(items, s, id)), [items]);

  const focusItem = (id: string) => {
    navRef.current?.querySelector<HTMLElement>(`[data-menu-id="${CSS.escape(id)}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const visible = visibleItems(items, expanded);
    const currentId = (document.activeElement as HTMLElement | null)?.dataset.menuId;
    const currentIndex = visible.findIndex((i) => i.id === currentId);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next = visible[(currentIndex + step + visible.length) % visible.length];
      if (next) focusItem(next.id);
      return;
    }
    if (e.key.length !== 1 || !/\S/.test(e.key)) return;
    typeahead.current = typeaheadKey(typeahead.current, e.key, performance.now());
    const match = findTypeaheadMatch(
      visible.map((i) => menuLabel(i.displayName)),
      typeahead.current.buffer,
      currentIndex,
    );
    const target = visible[match];
    if (target) {
      e.preventDefault();
      focusItem(target.id);
    }
  };

  const renderItems = (list: MenuItem[], depth: number) =>
    list.map((item) => {
      const label = menuLabel(item.displayName);
      const icon = item.icon ? <i className={`${item.icon} tree-menu-icon`} aria-hidden="true" /> : null;
      const style = { paddingInlineStart: `${0.75 + depth * 1}rem` };
      if (item.items.length > 0) {
        const open = expanded.has(item.id);
        const subId = `${baseId}-${item.id}`;
        return (
          <li key={item.id}>
            <button
              type="button"
              className="tree-menu-item tree-menu-branch"
              style={style}
              data-menu-id={item.id}
              aria-expanded={open}
              aria-controls={subId}
              onClick={() => toggle(item.id)}
            >
              {icon}
              <span className="tree-menu-label">{label}</span>
              <i className={`pi pi-chevron-down tree-menu-chevron${open ? ' open' : ''}`} aria-hidden="true" />
            </button>
            <div
              id={subId}
              className={`tree-menu-sub${open ? ' open' : ''}`}
              style={{ transitionDuration: `${MENU_ANIMATION_MS}ms` }}
              inert={!open}
            >
              <ul className="tree-menu-list">{renderItems(item.items, depth + 1)}</ul>
            </div>
          </li>
        );
      }
      if (isDisabled(item)) {
        return (
          <li key={item.id}>
            <button type="button" className="tree-menu-item disabled" style={style} data-menu-id={item.id} aria-disabled="true">
              {icon}
              <span className="tree-menu-label">{label}</span>
            </button>
          </li>
        );
      }
      const current = isCurrentUrl(item.url as string, location);
      return (
        <li key={item.id}>
          <Link
            to={item.url as string}
            className={`tree-menu-item tree-menu-leaf${current ? ' active' : ''}`}
            aria-current={current ? 'page' : undefined}
            style={style}
            data-menu-id={item.id}
            onClick={onNavigate}
          >
            {icon}
            <span className="tree-menu-label">{label}</span>
          </Link>
        </li>
      );
    });

  return (
    <nav ref={navRef} aria-label={t('shell.mainMenu')} className={`tree-menu ${className ?? ''}`} onKeyDown={onKeyDown}>
      <ul className="tree-menu-list tree-menu-root">{renderItems(items, 0)}</ul>
    </nav>
  );
}
