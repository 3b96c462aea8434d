/** The landing-page picker's tree: menu items as Tree nodes, only leaves selectable (docs/domain.md, Roles). */
import type { MenuItem } from '@orchard/shared/shell';
import type { TreeNode } from 'primereact/treenode';

export function menuTreeNodes(items: readonly MenuItem[], label: (displayName: string) => string): TreeNode[] {
  return items.map((item) => {
    const leaf = item.items.length === 0;
    return {
      key: item.id,
      label: label(item.displayName),
      icon: item.icon ?? undefined,
      selectable: leaf,
      leaf,
      data: item.url,
      children: leaf ? undefined : menuTreeNodes(item.items, label),
    };
  });
}

/** The item with this id anywhere in the tree. */
export function findMenuItem(items: readonly MenuItem[], id: string | null | undefined): MenuItem | null {
  if (!id) return null;
  for (const item of items) {
    if (item.id === id) return item;
    const inner = findMenuItem(item.items, id);
    if (inner) return inner;
  }
  return null;
}

/** Keys of every branch, so the tree opens fully expanded. */
export function branchKeys(items: readonly MenuItem[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  const walk = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (item.items.length) {
        out[item.id] = true;
        walk(item.items);
      }
    }
  };
  walk(items);
  return out;
}
