/** The farm and variety choices of the farm setup filters and dialogs, with a lookup of a name by id. */
import { useMemo } from 'react';
import type { FilterOption } from '../../components/filter-fields';
import { useFarms, useVarieties } from './api/get-lists';
import type { Choice } from './components/setup-fields';

export interface Choices {
  choices: Choice<number>[];
  /** the same, as filter options */
  options: FilterOption[];
  nameOf: (id: number | null) => string;
}

function choicesOf(choices: Choice<number>[], name: (id: number) => string | undefined): Choices {
  return {
    choices,
    options: choices.map((c) => ({ id: c.value, label: c.label })),
    nameOf: (id) => (id === null ? '' : (name(id) ?? '')),
  };
}

/** The caller's farms, by name. */
export function useFarmChoices(): Choices {
  const farms = useFarms();
  return useMemo(() => {
    const choices = (farms.data ?? []).map((f) => ({ label: f.farmName, value: f.id }));
    return choicesOf(choices, (id) => choices.find((c) => c.value === id)?.label);
  }, [farms.data]);
}

/** The shared varieties: chosen as "Navel (Oranges)", named "Navel". */
export function useVarietyChoices(): Choices {
  const varieties = useVarieties();
  return useMemo(() => {
    const list = varieties.data ?? [];
    const choices = list.map((v) => ({ label: `${v.varietyName} (${v.commodity})`, value: v.id }));
    return choicesOf(choices, (id) => list.find((v) => v.id === id)?.varietyName);
  }, [varieties.data]);
}
