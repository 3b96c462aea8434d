/**
 * Add or edit a production block: PUC, code, name, hectares (at most 4 decimals), variety, planting
 * year and the farm block it is linked to, if any: one of the farm blocks on the PUC's farm. When
 * another PUC is chosen, a link to a farm block on another farm is cleared.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  setupProductionBlockSchema,
  type ProductionBlockBody,
  type SetupFarmBlock,
  type SetupProductionBlock,
} from '@orchard/shared/farm-setup';
import { useSaveRow } from '../api/save-row';
import { blockFormSchema } from '../block-form';
import { useRowEditor } from '../use-row-editor';
import { SetupDialog } from './setup-dialog';
import { ChoiceField, NumberField, TextField, type Choice } from './setup-fields';

interface BlockValues {
  pucId: number | null;
  code: string;
  name: string;
  ha: number | null;
  varietyId: number | null;
  plantingYear: number | null;
  farmBlockId: number | null;
}

interface Props {
  row: SetupProductionBlock | null;
  current: SetupProductionBlock | undefined;
  pucs: Choice<number>[];
  varieties: Choice<number>[];
  /** the PUC a new block starts under: the one the list is filtered by */
  pucId: number | null;
  /** the farm of a PUC (null while unknown) */
  pucFarm: (pucId: number | null) => number | null;
  /** the farm blocks of the caller's farms */
  farmBlocks: SetupFarmBlock[];
  onHide: () => void;
}

export function BlockDialog({ row, current, pucs, varieties, pucId, pucFarm, farmBlocks, onHide }: Props) {
  const { t } = useTranslation();
  const save = useSaveRow<ProductionBlockBody, SetupProductionBlock>('productionBlocks', setupProductionBlockSchema);
  const editor = useRowEditor({
    schema: blockFormSchema(new Date().getFullYear()),
    row,
    current,
    toValues: (r: SetupProductionBlock | null): BlockValues => ({
      pucId: r?.pucId ?? pucId,
      code: r?.code ?? '',
      name: r?.name ?? '',
      ha: r?.ha ?? null,
      varietyId: r?.varietyId ?? null,
      plantingYear: r?.plantingYear ?? null,
      farmBlockId: r?.farmBlockId ?? null,
    }),
    save: (body: ProductionBlockBody, version) => save.mutateAsync({ id: row?.id ?? null, version, body }),
    conflictFields: { 'block-code-taken': 'code' },
    savedName: (saved) => saved.code,
    onDone: onHide,
  });
  const { control, watch, getValues, setValue } = editor.form;
  const farmId = pucFarm(watch('pucId'));
  const farmBlockChoices = useMemo<Choice<number>[]>(
    () => farmBlocks.filter((b) => b.farmId === farmId).map((b) => ({ label: b.name, value: b.id })),
    [farmBlocks, farmId],
  );
  // a link to a farm block that is not on the chosen PUC's farm goes
  useEffect(() => {
    const linked = getValues('farmBlockId');
    if (farmId === null || linked === null) return;
    const block = farmBlocks.find((b) => b.id === linked);
    if (block && block.farmId !== farmId) setValue('farmBlockId', null, { shouldDirty: true });
  }, [farmId, farmBlocks, getValues, setValue]);
  return (
    <SetupDialog header={t(row ? 'farmSetup.editTitle.block' : 'farmSetup.add.block')} editor={editor} onHide={onHide}>
      <ChoiceField control={control} name="pucId" label={t('farmSetup.fields.puc')} options={pucs} placeholder={t('farmSetup.select')} fallback={t('farmSetup.choosePuc')} />
      <div className="farm-setup-pair">
        <TextField control={control} name="code" label={t('farmSetup.fields.code')} />
        <NumberField control={control} name="ha" label={t('farmSetup.fields.ha')} />
      </div>
      <TextField control={control} name="name" label={t('farmSetup.fields.blockName')} />
      <ChoiceField
        control={control}
        name="varietyId"
        label={t('farmSetup.fields.variety')}
        options={varieties}
        placeholder={t('farmSetup.select')}
        fallback={t('farmSetup.chooseVariety')}
      />
      <NumberField control={control} name="plantingYear" label={t('farmSetup.fields.plantingYear')} integer />
      <ChoiceField
        control={control}
        name="farmBlockId"
        label={t('farmSetup.fields.farmBlock')}
        options={farmBlockChoices}
        placeholder={t('farmSetup.noFarmBlock')}
        clearable
      />
      <p className="farm-setup-hint">{t('farmSetup.farmBlockHint')}</p>
    </SetupDialog>
  );
}
