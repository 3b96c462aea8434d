/**
 * Create New Organization: the dialog's form values and the payload built from them. The checks
 * are the shared ones (`firstAddFarmProblem`, `firstCreateOrganizationProblem`), run on what these
 * functions build, so the browser and the server judge the same draft in the same order.
 */
import { decimalDraftText, parseDecimalInput } from '@orchard/shared/core';
import {
  NEW_FARM_DEFAULTS,
  NEW_LEGAL_ENTITY_ID,
  FARM_COORDINATE_DECIMALS,
  isFirstAdministratorInvited,
  type CreateOrganizationBody,
  type FarmDraft,
  type LegalEntityChoice,
  type OnboardingLegalEntity,
  type SuperUser,
} from '@orchard/shared/organizations';

/** The Farm Details and Farm Specifications sections: the farm being filled in. */
export interface FarmFormValues {
  farm_Name: string;
  farm_Region: number | null;
  farm_Area: number | null;
  farm_Province: number | null;
  /**
   * as typed (or set by the map marker), in the organisation's culture: read as its every number
   * input is (shared `parseDecimalInput`), so a value not a number or out of range is Add Farm's
   * range rule to name, never taken for a blank one
   */
  latitude: string;
  longitude: string;
  auto_Schedule: boolean;
  block_Daily_Auto: boolean;
  public_Holidays: boolean;
  saturdays: boolean;
  sundays: boolean;
  /** null when emptied, NaN when not a number (NumberTextInput) */
  max_Observation_Points: number | null;
  observation_Sites: number | null;
  site_Type: number;
}

/** A farm added to the draft list, with the names the list shows. */
export interface AddedFarm {
  key: number;
  farm: FarmDraft;
  regionName: string;
  areaName: string;
  provinceName: string;
}

export interface OrganizationFormValues {
  organization_Name: string;
  organization_Level: number | null;
  /** the chosen legal entity option: 0 is the new one named after the organisation */
  legalEntityId: number | null;
  copy_Organization_Source: number | null;
  copy_Spray_Products: boolean;
  contact_Name: string;
  contact_Surname: string;
  contact_Email: string;
  contact_Phone_Number: string;
  /** chosen in the Super User section: part of the draft as soon as chosen */
  super_Users: SuperUser[];
  /** the customer's first administrator: all blank, nobody is invited */
  first_Administrator: { user_Name: string; email: string; full_Name: string };
  farms: AddedFarm[];
  farm: FarmFormValues;
}

/** A new farm (NEW_FARM_DEFAULTS; no name, place or coordinates yet). */
export function newFarmValues(): FarmFormValues {
  return {
    farm_Name: '',
    farm_Region: null,
    farm_Area: null,
    farm_Province: null,
    latitude: '',
    longitude: '',
    auto_Schedule: NEW_FARM_DEFAULTS.auto_Schedule,
    block_Daily_Auto: NEW_FARM_DEFAULTS.block_Daily_Auto,
    public_Holidays: NEW_FARM_DEFAULTS.public_Holidays,
    saturdays: NEW_FARM_DEFAULTS.saturdays,
    sundays: NEW_FARM_DEFAULTS.sundays,
    max_Observation_Points: NEW_FARM_DEFAULTS.max_Observation_Points,
    observation_Sites: NEW_FARM_DEFAULTS.observation_Sites,
    site_Type: NEW_FARM_DEFAULTS.site_Type,
  };
}

export function emptyOrganizationValues(): OrganizationFormValues {
  return {
    organization_Name: '',
    organization_Level: null,
    legalEntityId: null,
    copy_Organization_Source: null,
    copy_Spray_Products: false,
    contact_Name: '',
    contact_Surname: '',
    contact_Email: '',
    contact_Phone_Number: '',
    super_Users: [],
    first_Administrator: { user_Name: '', email: '', full_Name: '' },
    farms: [],
    farm: newFarmValues(),
  };
}

/**
 * The legal entity options: with an organisation name, a new legal entity of that name (id 0)
 * heads the list, followed by the existing ones.
 */
export function legalEntityOptions(organizationName: string, existing: readonly OnboardingLegalEntity[]): OnboardingLegalEntity[] {
  const rest = existing.filter((e) => e.id !== NEW_LEGAL_ENTITY_ID);
  return organizationName.trim() === '' ? rest : [{ id: NEW_LEGAL_ENTITY_ID, name: organizationName }, ...rest];
}

/** The organisation's legal entity as the payload names it: null while none is chosen. */
export function legalEntityChoice(
  legalEntityId: number | null,
  organizationName: string,
  existing: readonly OnboardingLegalEntity[],
): LegalEntityChoice | null {
  if (legalEntityId === null) return null;
  if (legalEntityId === NEW_LEGAL_ENTITY_ID) return { id: NEW_LEGAL_ENTITY_ID, name: organizationName.trim() };
  return { id: legalEntityId, name: existing.find((e) => e.id === legalEntityId)?.name ?? null };
}

/** A coordinate from the map as the field shows it: at most FARM_COORDINATE_DECIMALS places, with the culture's decimal separator. */
export function coordinateText(value: number, culture: string): string {
  return decimalDraftText(Number(value.toFixed(FARM_COORDINATE_DECIMALS)), culture);
}

/** The farm as Add Farm checks it and the payload carries it; coordinates read in the organisation's culture. */
export function farmDraft(values: FarmFormValues, legalEntityId: number | null, culture: string): FarmDraft {
  return {
    farm_Name: values.farm_Name.trim(),
    farm_Region: values.farm_Region,
    farm_Area: values.farm_Area,
    farm_Province: values.farm_Province,
    farm_Legal_Entity: legalEntityId ?? NEW_FARM_DEFAULTS.farm_Legal_Entity,
    farm_Lat: parseDecimalInput(values.latitude, culture),
    farm_Long: parseDecimalInput(values.longitude, culture),
    auto_Schedule: values.auto_Schedule,
    block_Daily_Auto: values.block_Daily_Auto,
    public_Holidays: values.public_Holidays,
    saturdays: values.saturdays,
    sundays: values.sundays,
    // emptied is no count either: Add Farm's rule refuses it with its message, never 0 unasked
    max_Observation_Points: values.max_Observation_Points ?? Number.NaN,
    observation_Sites: values.observation_Sites ?? Number.NaN,
    site_Type: values.site_Type,
  };
}

/**
 * The Save New Organization payload. Every farm carries the organisation's legal entity as it is
 * now (it may have changed after the farm was added); texts are trimmed.
 */
export function organizationDraft(values: OrganizationFormValues, existing: readonly OnboardingLegalEntity[]): CreateOrganizationBody {
  const legalEntity = legalEntityChoice(values.legalEntityId, values.organization_Name, existing);
  return {
    organization_Name: values.organization_Name.trim(),
    organization_Level: values.organization_Level,
    organization_Legal_Entity: legalEntity,
    copy_Organization_Source: values.copy_Organization_Source,
    copy_Spray_Products: values.copy_Spray_Products,
    contact_Name: values.contact_Name.trim(),
    contact_Surname: values.contact_Surname.trim(),
    contact_Email: values.contact_Email.trim(),
    contact_Phone_Number: values.contact_Phone_Number.trim(),
    super_Users: values.super_Users.map((u) => u.id),
    farms: values.farms.map(({ farm }) => ({ ...farm, farm_Legal_Entity: legalEntity?.id ?? NEW_FARM_DEFAULTS.farm_Legal_Entity })),
    first_Administrator: firstAdministrator(values.first_Administrator),
  };
}

/** The invited first administrator as the payload carries them (texts trimmed); null when nobody is invited. */
function firstAdministrator(values: OrganizationFormValues['first_Administrator']): CreateOrganizationBody['first_Administrator'] {
  const first = { user_Name: values.user_Name.trim(), email: values.email.trim(), full_Name: values.full_Name.trim() };
  return isFirstAdministratorInvited(first) ? first : null;
}

/** Each field's message, by the rule's field name (`organization_Name`, `first_Administrator.email`, `farm_Lat`, ...). */
export function messagesByField(problems: readonly { field: string; message: string }[]): Record<string, string> {
  return Object.fromEntries(problems.map((p) => [p.field, p.message]));
}
