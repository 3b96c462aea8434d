/**
 * The lines (or cold rooms) of the chosen packhouse: their names, how many readings each holds and
 * when it was last read; those who capture add one, rename one (in its row, saved with the version
 * it was read at) and delete one without readings (after a confirm; the server refuses one with
 * readings and says so).
 */
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/field-error';
import { RowActionButton } from '../../../components/row-actions';
import { errorText, isApiError } from '../../../lib/api-error';
import { issuesByField } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { usePlaceMutations } from '../api/packhouse-readings-api';
import type { Place, ReadingKind } from '../reading-kinds';

export function PlacesPanel({ kind, packhouseId, places, canCapture }: { kind: ReadingKind; packhouseId: number; places: Place[]; canCapture: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { add, rename, remove } = usePlaceMutations(kind);
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | undefined>();
  const [renaming, setRenaming] = useState<{ id: number; name: string; error?: string } | null>(null);
  const id = `${kind.key}-places`;
  const busy = add.isPending || rename.isPending || remove.isPending;

  const refused = (e: unknown) => {
    if (isApiError(e) && e.status === 412) toast.error(t('packhouseReadings.error'), t('packhouseReadings.stale'));
    else toast.error(t('packhouseReadings.error'), errorText(e));
  };

  const onAdd = (e: React.FormEvent) => {
    e.preventDefault();
    const found = issuesByField(kind.placeSchemas.create, { clientId: crypto.randomUUID(), packhouseId, name });
    if (found.name) return setAddError(found.name);
    add.mutate(
      { packhouseId, name: name.trim() },
      {
        onSuccess: () => {
          toast.success(t('packhouseReadings.success'), t(kind.texts.placeAdded));
          setName('');
          setAddError(undefined);
        },
        onError: (err) => (isApiError(err) && err.status === 409 ? setAddError(err.message) : refused(err)),
      },
    );
  };

  const onRename = (place: Place) => {
    if (!renaming) return;
    const found = issuesByField(kind.placeSchemas.update, { name: renaming.name, version: place.version });
    if (found.name) return setRenaming({ ...renaming, error: found.name });
    rename.mutate(
      { id: place.id, name: renaming.name.trim(), version: place.version },
      {
        onSuccess: () => {
          toast.success(t('packhouseReadings.success'), t('packhouseReadings.renamed'));
          setRenaming(null);
        },
        onError: (err) => (isApiError(err) && err.status === 409 ? setRenaming({ ...renaming, error: err.message }) : (refused(err), setRenaming(null))),
      },
    );
  };

  const confirmDelete = (place: Place) =>
    confirmDialog({
      header: t('packhouseReadings.deleteHeader'),
      message: t('packhouseReadings.deleteConfirm', { name: place.name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('packhouseReadings.yes'),
      rejectLabel: t('packhouseReadings.no'),
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(place.id, {
          onSuccess: () => toast.success(t('packhouseReadings.success'), t('packhouseReadings.deleted')),
          onError: refused,
        }),
    });

  return (
    <section className="places-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(kind.texts.places)}</h3>
      {places.length === 0 ? (
        <p className="places-empty">{t(kind.texts.noPlaces)}</p>
      ) : (
        <ul className="places-list" aria-label={t(kind.texts.placesCaption)}>
          {places.map((place) => (
            <li key={place.id} className="place-row">
              {renaming?.id === place.id ? (
                <div className="place-rename">
                  <FormField id={`${id}-rename-${place.id}`} label={t('packhouseReadings.renameTo', { name: place.name })} error={renaming.error}>
                    <InputText
                      id={`${id}-rename-${place.id}`}
                      value={renaming.name}
                      invalid={!!renaming.error}
                      aria-describedby={renaming.error ? `${id}-rename-${place.id}-error` : undefined}
                      onChange={(e) => setRenaming({ ...renaming, name: e.target.value })}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') onRename(place);
                        if (e.key === 'Escape') setRenaming(null);
                      }}
                    />
                  </FormField>
                  <div className="place-actions">
                    <RowActionButton action="save" label={t('packhouseReadings.saveName', { name: place.name })} disabled={busy} onClick={() => onRename(place)} />
                    <RowActionButton action="cancel" label={t('packhouseReadings.cancelRename', { name: place.name })} onClick={() => setRenaming(null)} />
                  </div>
                </div>
              ) : (
                <>
                  <div className="place-text">
                    <span className="place-name">{place.name}</span>
                    <span className="place-meta">
                      {t('packhouseReadings.readingCount')}: {format.number(place.readingCount)}
                      {place.lastReadAt && ` · ${t('packhouseReadings.lastReadAt')}: ${format.day(place.lastReadAt.slice(0, 10))} ${place.lastReadAt.slice(11)}`}
                    </span>
                  </div>
                  {canCapture && (
                    <div className="place-actions">
                      <RowActionButton action="edit" label={t('packhouseReadings.rename', { name: place.name })} disabled={busy} onClick={() => setRenaming({ id: place.id, name: place.name })} />
                      <RowActionButton action="delete" label={t('packhouseReadings.deleteRow', { name: place.name })} disabled={busy} onClick={() => confirmDelete(place)} />
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {canCapture && (
        <form className="place-add" onSubmit={onAdd} noValidate>
          <FormField id={`${id}-new`} label={t(kind.texts.newPlaceName)} error={addError}>
            <InputText
              id={`${id}-new`}
              value={name}
              invalid={!!addError}
              aria-describedby={addError ? `${id}-new-error` : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <Button type="submit" icon="pi pi-plus" label={t(kind.texts.addPlace)} outlined loading={add.isPending} disabled={busy} />
        </form>
      )}
    </section>
  );
}
