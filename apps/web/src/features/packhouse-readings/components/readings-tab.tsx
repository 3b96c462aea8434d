/**
 * One tab of the screen (wax readings of the lines, or readings of the cold rooms) for the chosen
 * packhouse: the line or room (its readings are listed and a new reading is taken on it), the
 * capture form for those who capture, the list of its readings, and the lines or rooms themselves.
 */
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/field-error';
import { labelledDropdownPt } from '../../../components/filter-fields';
import { errorText } from '../../../lib/api-error';
import { usePlaces } from '../api/packhouse-readings-api';
import { draftOfRow, type ReadingKind } from '../reading-kinds';
import { PlacesPanel } from './places-panel';
import { ReadingForm, emptyDraft, type FormState } from './reading-form';
import { ReadingsList } from './readings-list';

export function ReadingsTab({ kind, packhouseId, canCapture }: { kind: ReadingKind; packhouseId: number; canCapture: boolean }) {
  const { t } = useTranslation();
  const places = usePlaces(kind, packhouseId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [form, setForm] = useState<FormState>(() => ({ draft: emptyDraft(kind), editing: null, errors: {} }));
  const list = places.data ?? [];
  // the chosen line or room while it is in the list, else the first
  const place = list.find((p) => p.id === chosen) ?? list[0] ?? null;
  const choiceId = `${kind.key}-place`;

  const choose = (id: number | null) => {
    setChosen(id);
    setForm({ draft: emptyDraft(kind), editing: null, errors: {} });
  };

  return (
    <div className="readings-tab">
      {places.error && <Message severity="error" text={errorText(places.error) || t('packhouseReadings.loadFailed')} />}
      {place !== null && (
        <FormField id={choiceId} label={t(kind.texts.place)} error={undefined}>
          <Dropdown
            inputId={choiceId}
            value={place.id}
            options={list.map((p) => ({ value: p.id, label: p.name }))}
            optionLabel="label"
            optionValue="value"
            onChange={(e) => choose((e.value as number | null | undefined) ?? null)}
            className="w-full"
            pt={labelledDropdownPt}
          />
        </FormField>
      )}
      {place === null && places.isSuccess && <p className="places-empty">{t(kind.texts.noPlaceYet)}</p>}
      {place !== null && (
        <div className={`readings-body ${canCapture ? 'with-form' : ''}`}>
          {canCapture && <ReadingForm key={`${place.id}`} kind={kind} placeId={place.id} state={form} onState={setForm} />}
          <ReadingsList
            key={`list-${place.id}`}
            kind={kind}
            placeId={place.id}
            placeName={place.name}
            canCapture={canCapture}
            onEdit={(row) => setForm({ draft: draftOfRow(kind, row), editing: { id: row.id, version: row.version }, errors: {} })}
            onDeleted={(row) => {
              if (form.editing?.id === row.id) setForm({ draft: emptyDraft(kind), editing: null, errors: {} });
            }}
          />
        </div>
      )}
      {places.isSuccess && <PlacesPanel kind={kind} packhouseId={packhouseId} places={list} canCapture={canCapture} />}
    </div>
  );
}
