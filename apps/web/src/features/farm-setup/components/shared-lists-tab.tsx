/**
 * Varieties and commodities: lists every organisation shares, so they are listed and added to here,
 * never renamed or deleted. A variety names a commodity of the list.
 */
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  commodityBodySchema,
  setupCommoditySchema,
  setupVarietySchema,
  varietyBodySchema,
  type CommodityBody,
  type SetupCommodity,
  type SetupVariety,
  type VarietyBody,
} from '@orchard/shared/farm-setup';
import { useFormatters } from '../../../lib/use-formatters';
import { useCommodities, useVarieties } from '../api/get-lists';
import { useAddRow } from '../api/save-row';
import { useRowEditor } from '../use-row-editor';
import { SetupDialog } from './setup-dialog';
import { ChoiceField, TextField, type Choice } from './setup-fields';
import { SetupTable } from './setup-table';

export function VarietiesTab() {
  const { t } = useTranslation();
  const list = useVarieties();
  const commodities = useCommodities();
  const choices = useMemo<Choice<string>[]>(() => (commodities.data ?? []).map((c) => ({ label: c.name, value: c.name })), [commodities.data]);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Message severity="info" text={t('farmSetup.sharedHint')} className="farm-setup-shared-hint" />
      <SetupTable<SetupVariety>
        list="varieties"
        caption={t('farmSetup.captions.varieties')}
        query={list}
        columns={[
          { key: 'name', header: t('farmSetup.fields.varietyName'), text: (r) => r.varietyName },
          { key: 'commodity', header: t('farmSetup.fields.commodity'), text: (r) => r.commodity },
        ]}
        rowName={(r) => r.varietyName}
        addLabel={t('farmSetup.add.variety')}
        onAdd={() => setAdding(true)}
      />
      {adding && <VarietyDialog commodities={choices} onHide={() => setAdding(false)} />}
    </>
  );
}

function VarietyDialog({ commodities, onHide }: { commodities: Choice<string>[]; onHide: () => void }) {
  const { t } = useTranslation();
  const add = useAddRow<VarietyBody, SetupVariety>('varieties', setupVarietySchema);
  const editor = useRowEditor({
    schema: varietyBodySchema,
    row: null,
    current: undefined,
    toValues: () => ({ varietyName: '', commodity: null as string | null }),
    save: (body: VarietyBody) => add.mutateAsync(body),
    conflictFields: { 'variety-name-taken': 'varietyName' },
    savedName: (saved) => saved.varietyName,
    onDone: onHide,
  });
  const { control } = editor.form;
  return (
    <SetupDialog header={t('farmSetup.add.variety')} editor={editor} onHide={onHide}>
      <TextField control={control} name="varietyName" label={t('farmSetup.fields.varietyName')} />
      <ChoiceField
        control={control}
        name="commodity"
        label={t('farmSetup.fields.commodity')}
        options={commodities}
        placeholder={t('farmSetup.select')}
        fallback={t('farmSetup.reasons.commodityRequired')}
      />
    </SetupDialog>
  );
}

export function CommoditiesTab() {
  const { t } = useTranslation();
  const f = useFormatters();
  const list = useCommodities();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Message severity="info" text={t('farmSetup.sharedHint')} className="farm-setup-shared-hint" />
      <SetupTable<SetupCommodity>
        list="commodities"
        caption={t('farmSetup.captions.commodities')}
        query={list}
        columns={[
          { key: 'name', header: t('farmSetup.fields.commodity'), text: (r) => r.name },
          { key: 'count', header: t('farmSetup.fields.varietyCount'), text: (r) => f.number(r.varietyCount), sortValue: (r) => r.varietyCount, numeric: true },
        ]}
        rowName={(r) => r.name}
        addLabel={t('farmSetup.add.commodity')}
        onAdd={() => setAdding(true)}
      />
      {adding && <CommodityDialog onHide={() => setAdding(false)} />}
    </>
  );
}

function CommodityDialog({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const add = useAddRow<CommodityBody, SetupCommodity>('commodities', setupCommoditySchema);
  const editor = useRowEditor({
    schema: commodityBodySchema,
    row: null,
    current: undefined,
    toValues: () => ({ name: '' }),
    save: (body: CommodityBody) => add.mutateAsync(body),
    conflictFields: { 'commodity-name-taken': 'name' },
    savedName: (saved) => saved.name,
    onDone: onHide,
  });
  return (
    <SetupDialog header={t('farmSetup.add.commodity')} editor={editor} onHide={onHide}>
      <TextField control={editor.form.control} name="name" label={t('farmSetup.fields.commodityName')} />
    </SetupDialog>
  );
}
