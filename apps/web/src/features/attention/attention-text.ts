/** What an attention item says: a header and a line of detail, from its type's texts in en.ts. */
import { type AttentionItem } from '@orchard/shared/attention';
import { INPUT_CHECK_KIND_CAPTIONS, INPUT_CHECKS_STALE_DAYS } from '@orchard/shared/input-checks';
import type { TFunction } from 'i18next';
import type { Formatters } from '../../lib/format';

export interface AttentionText {
  header: string;
  body: string;
}

export function attentionText(item: AttentionItem, t: TFunction, format: Pick<Formatters, 'number'>): AttentionText {
  if (item.type === 'capacity') {
    return {
      header: t('notifications.attention.capacityHeader', { packhouse: item.packhouseName, week: item.week, year: item.year }),
      body: t('notifications.attention.capacityBody', { bins: format.number(item.totalBins), capacity: format.number(item.capacity) }),
    };
  }
  if (item.type === 'input-checks') {
    return {
      header: t('notifications.attention.inputChecksHeader', { farm: item.farmName }),
      body: t('notifications.attention.inputChecksBody', {
        days: INPUT_CHECKS_STALE_DAYS,
        kinds: item.kinds.map((k) => INPUT_CHECK_KIND_CAPTIONS[k.kind]).join(', '),
      }),
    };
  }
  const tonnes = (value: number | null) => (value === null ? t('notifications.attention.noValue') : format.number(value, { maximumFractionDigits: 2 }));
  const values = {
    farm: item.farmName,
    puc: item.pucName,
    from: tonnes(item.previousTonnesPerHaAdjusted),
    to: tonnes(item.tonnesPerHaAdjusted),
    user: item.changedByName ?? t('notifications.attention.someone'),
  };
  return {
    header: t('notifications.attention.estimateHeader', { block: item.blockCode }),
    body:
      item.previousTonnesPerHaAdjusted === null
        ? t('notifications.attention.estimateBodyFirst', values)
        : t('notifications.attention.estimateBody', values),
  };
}
