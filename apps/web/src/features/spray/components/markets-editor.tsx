/**
 * The organisation's export markets: each as a tag with its remove button (refused while a product
 * names it), and a field to add one. The rules are the shared ones (marketNameSchema), checked
 * before sending; the server's refusal (a name taken) shows under the field.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { marketNameSchema, type ExportMarket } from '@orchard/shared/spray';
import { FieldError } from '../../../components/field-error';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useAddMarket, useRemoveMarket } from '../api/save-market';

export function MarketsEditor({ markets }: { markets: ExportMarket[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddMarket();
  const remove = useRemoveMarket();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = marketNameSchema.safeParse(name);
    if (!read.success) {
      setError(read.error.issues[0]?.message ?? null);
      return;
    }
    add.mutate(read.data, {
      onSuccess: (market) => {
        setName('');
        setError(null);
        toast.success(t('spray.success'), t('spray.markets.added', { name: market.name }));
      },
      onError: (e) => setError(errorText(e)),
    });
  };

  return (
    <section className="spray-markets" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('spray.markets.heading')}</h2>
      <p className="spray-hint">{t('spray.markets.hint')}</p>
      {markets.length === 0 ? (
        <p className="spray-markets-empty">{t('spray.markets.empty')}</p>
      ) : (
        <ul className="spray-market-list" aria-label={t('spray.markets.listLabel')}>
          {markets.map((m) => (
            <li key={m.id} className="spray-market">
              <span className="spray-market-name">{m.name}</span>
              {m.productCount > 0 && <span className="spray-market-count">{t('spray.markets.inUse', { count: m.productCount })}</span>}
              <Button
                type="button"
                icon="pi pi-times"
                text
                rounded
                size="small"
                aria-label={t('spray.markets.remove', { name: m.name })}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(m.id, {
                    onSuccess: () => toast.success(t('spray.success'), t('spray.markets.removed', { name: m.name })),
                    onError: (e) => toast.error(t('spray.notDeleted'), errorText(e)),
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
      <form className="spray-market-add" noValidate onSubmit={submit}>
        <div className="spray-row-field">
          <label htmlFor={`${id}-name`}>{t('spray.markets.name')}</label>
          <InputText
            id={`${id}-name`}
            value={name}
            placeholder={t('spray.markets.placeholder')}
            onChange={(e) => setName(e.target.value)}
            invalid={!!error}
            aria-describedby={error ? `${id}-name-error` : undefined}
          />
          <FieldError id={`${id}-name-error`} message={error} />
        </div>
        <Button type="submit" icon="pi pi-plus" label={t('spray.markets.add')} loading={add.isPending} outlined />
      </form>
    </section>
  );
}
