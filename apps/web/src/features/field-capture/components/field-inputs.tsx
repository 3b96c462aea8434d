/**
 * The inputs field capture forms share, made for a phone: the farm and block dropdowns (from the
 * blocks of the caller's farms), date and time inputs as the culture writes them and labelled
 * fields with their messages.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldBlock } from '@orchard/shared/field-capture';
import { FormField } from '../../../components/field-error';
import { labelledDropdownPt } from '../../../components/filter-fields';
import { NumberTextInput } from '../../../components/number-text-input';
import { useFormatters } from '../../../lib/use-formatters';

export interface FarmOption {
  id: number;
  name: string;
}

/** The farms the blocks lie on, by name. */
export function farmsOf(blocks: readonly FieldBlock[]): FarmOption[] {
  const farms = new Map<number, string>();
  for (const b of blocks) farms.set(b.farmId, b.farmName);
  return [...farms].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export function blocksOf(blocks: readonly FieldBlock[], farmId: number | null): FieldBlock[] {
  return blocks.filter((b) => farmId === null || b.farmId === farmId).sort((a, b) => a.name.localeCompare(b.name));
}

/** "Farm - Block" of a block id, '' when it is not among the blocks. */
export function placeOf(blockId: unknown, blocks: readonly FieldBlock[]): string {
  const block = blocks.find((b) => b.id === blockId);
  return block ? `${block.farmName} - ${block.name}` : '';
}

export function errorProps(id: string, error: string | undefined) {
  return { invalid: !!error, 'aria-describedby': error ? `${id}-error` : undefined };
}

interface ChoiceProps<T extends string | number> {
  id: string;
  label: string;
  value: T | null;
  options: { value: T; label: string }[];
  onChange: (value: T | null) => void;
  error?: string;
  placeholder?: string;
  disabled?: boolean;
  clearable?: boolean;
}

/** A labelled dropdown with its message; filterable when the list is long. */
export function ChoiceField<T extends string | number>({ id, label, value, options, onChange, error, placeholder, disabled, clearable }: ChoiceProps<T>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="value"
        filter={options.length > 8}
        showClear={clearable}
        placeholder={placeholder}
        disabled={disabled}
        invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange((e.value as T | null | undefined) ?? null)}
        className="w-full"
        pt={labelledDropdownPt}
      />
    </FormField>
  );
}

/** Farm, then one of its blocks. The farm is the block's when a block is chosen. */
export function BlockPicker({
  idPrefix,
  blocks,
  farmId,
  blockId,
  onChange,
  error,
  disabled,
}: {
  idPrefix: string;
  blocks: FieldBlock[];
  farmId: number | null;
  blockId: number | null;
  onChange: (farmId: number | null, blockId: number | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const farms = useMemo(() => farmsOf(blocks), [blocks]);
  const chosenFarm = blocks.find((b) => b.id === blockId)?.farmId ?? farmId;
  const farmBlocks = useMemo(() => blocksOf(blocks, chosenFarm), [blocks, chosenFarm]);
  return (
    <>
      <ChoiceField
        id={`${idPrefix}-farm`}
        label={t('fieldCapture.farm')}
        value={chosenFarm}
        options={farms.map((f) => ({ value: f.id, label: f.name }))}
        placeholder={t('fieldCapture.chooseFarm')}
        disabled={disabled}
        onChange={(id) => onChange(id, blocks.find((b) => b.id === blockId && b.farmId === id) ? blockId : null)}
      />
      <ChoiceField
        id={`${idPrefix}-block`}
        label={t('fieldCapture.block')}
        value={blockId}
        options={farmBlocks.map((b) => ({ value: b.id, label: chosenFarm === null ? `${b.farmName} - ${b.name}` : b.name }))}
        placeholder={t('fieldCapture.chooseBlock')}
        error={error}
        disabled={disabled}
        onChange={(id) => onChange(blocks.find((b) => b.id === id)?.farmId ?? chosenFarm, id)}
      />
    </>
  );
}

/** The labelled date and time field every form and filter uses (components/date-time-input). */
export { DateTimeField } from '../../../components/date-time-input';

/** A number typed as text on the phone's number pad (digits only for whole numbers). */
export function NumberField({
  id,
  label,
  value,
  onChange,
  error,
  integer,
}: {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  integer?: boolean;
}) {
  const { culture } = useFormatters();
  return (
    <FormField id={id} label={label} error={error}>
      <NumberTextInput id={id} integer={integer} culture={culture} value={value} onChange={onChange} {...errorProps(id, error)} />
    </FormField>
  );
}

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <InputText id={id} value={value} onChange={(e) => onChange(e.target.value)} {...errorProps(id, error)} />
    </FormField>
  );
}
