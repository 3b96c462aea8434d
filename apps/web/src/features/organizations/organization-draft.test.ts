import { describe, expect, it } from 'vitest';
import { parseDecimalInput } from '@orchard/shared/core';
import { FARM_SETUP_MESSAGES } from '@orchard/shared/farm-setup';
import {
  NEW_FARM_DEFAULTS,
  ORGANIZATION_ONBOARDING_MESSAGES as M,
  firstAddFarmProblem,
  createOrganizationProblems,
  firstCreateOrganizationProblem,
} from '@orchard/shared/organizations';
import {
  coordinateText,
  emptyOrganizationValues,
  farmDraft,
  legalEntityChoice,
  legalEntityOptions,
  messagesByField,
  newFarmValues,
  organizationDraft,
  type OrganizationFormValues,
} from './organization-draft';

const existing = [
  { id: 4, name: 'Valley Holdings' },
  { id: 9, name: 'Letaba Estates' },
];

describe('legal entity options', () => {
  it('puts the new legal entity (id 0) named after the organisation at the head of the list', () => {
    expect(legalEntityOptions('Karoo Fruit', existing)).toEqual([{ id: 0, name: 'Karoo Fruit' }, ...existing]);
  });
  it('offers only the existing ones while the organisation has no name', () => {
    expect(legalEntityOptions('  ', existing)).toEqual(existing);
  });
  it('never lists an id 0 twice', () => {
    expect(legalEntityOptions('A', [{ id: 0, name: 'old' }, ...existing]).filter((e) => e.id === 0)).toEqual([{ id: 0, name: 'A' }]);
  });
  it('names the choice: the new one by the organisation name, an existing one by its own', () => {
    expect(legalEntityChoice(null, 'A', existing)).toBeNull();
    expect(legalEntityChoice(0, ' Karoo Fruit ', existing)).toEqual({ id: 0, name: 'Karoo Fruit' });
    expect(legalEntityChoice(9, 'Karoo Fruit', existing)).toEqual({ id: 9, name: 'Letaba Estates' });
  });
});

describe('coordinates', () => {
  const placed = { ...newFarmValues(), farm_Name: 'North', farm_Region: 1, farm_Area: 2, farm_Province: 3 };
  const legalEntity = { id: 9, name: 'Letaba Estates' };
  /** the farm's coordinates as Add Farm reads them, and the first rule it breaks */
  const read = (latitude: string, longitude: string, culture: string) => {
    const farm = farmDraft({ ...placed, latitude, longitude }, 9, culture);
    return { lat: farm.farm_Lat, long: farm.farm_Long, problem: firstAddFarmProblem(farm, legalEntity)?.message ?? null };
  };

  it('reads "," as the decimal point where the culture writes it so, and refuses "." where the culture groups digits with it', () => {
    expect(read(' -33,5 ', '19,25', 'de-DE')).toEqual({ lat: -33.5, long: 19.25, problem: null });
    const grouped = read('-33.500', '19,25', 'de-DE');
    expect(grouped.lat).toBeNaN();
    expect(grouped.problem).toBe(FARM_SETUP_MESSAGES.latitudeRange);
  });
  it('reads "." as the decimal point where the culture writes it so, and refuses "," where the culture groups digits with it', () => {
    expect(read('-33.5', '19.25', 'en-US')).toEqual({ lat: -33.5, long: 19.25, problem: null });
    const grouped = read('-33.5', '18,500', 'en-US');
    expect(grouped.long).toBeNaN();
    expect(grouped.problem).toBe(FARM_SETUP_MESSAGES.longitudeRange);
  });
  it('reads both in a culture that groups digits with neither', () => {
    expect(read('-33,5', '19.25', 'en-ZA')).toEqual({ lat: -33.5, long: 19.25, problem: null });
  });
  it.each(['12,3,4', '1.2.3', '1e3', '+12', '12.', ',5', '1 2', 'abc', '--3', '0x1F'])(
    '%j is not a number in any culture: refused with the range rule, never read as another number',
    (text) => {
      for (const culture of ['de-DE', 'en-US', 'en-ZA']) {
        const farm = read(text, text, culture);
        expect(farm.lat, culture).toBeNaN();
        expect(farm.long, culture).toBeNaN();
        expect(farm.problem, culture).toBe(FARM_SETUP_MESSAGES.latitudeRange);
      }
    },
  );
  it('takes blank for no value: the required rule, not the range rule', () => {
    expect(read('  ', '19,25', 'de-DE')).toEqual({ lat: null, long: 19.25, problem: M.latitudeRequired });
    expect(read('-33,5', '', 'de-DE')).toEqual({ lat: -33.5, long: null, problem: M.longitudeRequired });
  });
  it('names the range when a number is out of it', () => {
    expect(read('90,5', '19', 'de-DE')).toEqual({ lat: 90.5, long: 19, problem: FARM_SETUP_MESSAGES.latitudeRange });
    expect(read('-33', '-180.25', 'en-US')).toEqual({ lat: -33, long: -180.25, problem: FARM_SETUP_MESSAGES.longitudeRange });
  });
  it('shows a map position with at most 7 decimals, in the culture, so that it reads back as the same number', () => {
    expect(coordinateText(-28.123456789, 'de-DE')).toBe('-28,1234568');
    expect(coordinateText(-28.123456789, 'en-US')).toBe('-28.1234568');
    expect(coordinateText(24.5, 'en-ZA')).toBe('24,5');
    for (const culture of ['de-DE', 'en-US', 'en-ZA']) expect(parseDecimalInput(coordinateText(24.6727, culture), culture)).toBe(24.6727);
  });
});

describe('a farm', () => {
  it('starts with the documented defaults', () => {
    const farm = farmDraft(newFarmValues(), null, 'en-ZA');
    expect(farm).toMatchObject({
      max_Observation_Points: NEW_FARM_DEFAULTS.max_Observation_Points,
      observation_Sites: NEW_FARM_DEFAULTS.observation_Sites,
      public_Holidays: true,
      saturdays: true,
      sundays: true,
      auto_Schedule: true,
      block_Daily_Auto: true,
      site_Type: 1,
      farm_Legal_Entity: 0,
      farm_Lat: null,
      farm_Long: null,
    });
    expect(firstAddFarmProblem(farm, null)?.message).toBe(M.farmNameRequired);
  });
  it('is built from the typed values and passes Add Farm when complete', () => {
    const values = { ...newFarmValues(), farm_Name: ' North ', farm_Region: 1, farm_Area: 2, farm_Province: 3, latitude: '-33.1', longitude: '19.2' };
    const farm = farmDraft(values, 9, 'en-ZA');
    expect(farm).toMatchObject({ farm_Name: 'North', farm_Lat: -33.1, farm_Long: 19.2, farm_Legal_Entity: 9 });
    expect(firstAddFarmProblem(farm, { id: 9, name: 'Letaba Estates' })).toBeNull();
    expect(firstAddFarmProblem({ ...farm, farm_Lat: null }, { id: 9 })?.message).toBe(M.latitudeRequired);
  });
});

describe('the organisation draft', () => {
  const farm = farmDraft({ ...newFarmValues(), farm_Name: 'North', farm_Region: 1, farm_Area: 2, farm_Province: 3, latitude: '-33', longitude: '19' }, 0, 'en-ZA');
  const complete: OrganizationFormValues = {
    ...emptyOrganizationValues(),
    organization_Name: ' Karoo Fruit ',
    organization_Level: 1,
    legalEntityId: 0,
    copy_Organization_Source: 2,
    contact_Name: 'Ann',
    contact_Surname: 'Smit',
    contact_Email: 'ann@example.test',
    contact_Phone_Number: '0820000000',
    super_Users: [{ id: 7, fullName: 'Sam Platform', userName: 'sam' }],
    farms: [{ key: 1, farm, regionName: 'R', areaName: 'A', provinceName: 'P' }],
  };

  it('with nothing filled in, the first rule fails first', () => {
    expect(firstCreateOrganizationProblem(organizationDraft(emptyOrganizationValues(), existing))?.message).toBe(M.farmsRequired);
  });
  it('carries the super users chosen, trimmed texts and the new legal entity', () => {
    const draft = organizationDraft(complete, existing);
    expect(draft).toMatchObject({
      organization_Name: 'Karoo Fruit',
      organization_Legal_Entity: { id: 0, name: 'Karoo Fruit' },
      super_Users: [7],
      copy_Spray_Products: false,
    });
    expect(firstCreateOrganizationProblem(draft)).toBeNull();
  });
  it("gives every farm the organisation's legal entity as it is when saved", () => {
    const draft = organizationDraft({ ...complete, legalEntityId: 9 }, existing);
    expect(draft.organization_Legal_Entity).toEqual({ id: 9, name: 'Letaba Estates' });
    expect(draft.farms?.map((f) => f.farm_Legal_Entity)).toEqual([9]);
  });
  it('reports the rules in the documented order', () => {
    expect(firstCreateOrganizationProblem(organizationDraft({ ...complete, organization_Name: ' ', legalEntityId: null }, existing))?.message).toBe(
      M.organizationNameRequired,
    );
    expect(firstCreateOrganizationProblem(organizationDraft({ ...complete, contact_Email: '' }, existing))?.message).toBe(M.contactEmailRequired);
  });
  it('invites the first administrator only when one of their fields is filled in, texts trimmed', () => {
    expect(organizationDraft(complete, existing).first_Administrator).toBeNull();
    const first = { user_Name: ' thandi ', email: ' thandi@customer.test ', full_Name: '' };
    expect(organizationDraft({ ...complete, first_Administrator: first }, existing).first_Administrator).toEqual({
      user_Name: 'thandi',
      email: 'thandi@customer.test',
      full_Name: '',
    });
  });
  it('an empty form: every required field with its message at once, the pop-up\'s first among them', () => {
    const draft = organizationDraft(emptyOrganizationValues(), existing);
    const messages = messagesByField(createOrganizationProblems(draft));
    expect(messages).toEqual({
      farms: M.farmsRequired,
      organization_Name: M.organizationNameRequired,
      organization_Level: M.organizationLevelRequired,
      organization_Legal_Entity: M.legalEntityRequired,
      copy_Organization_Source: M.copyOrganizationSourceRequired,
      contact_Name: M.contactNameRequired,
      contact_Surname: M.contactSurnameRequired,
      contact_Email: M.contactEmailRequired,
      contact_Phone_Number: M.contactPhoneNumberRequired,
    });
  });
});
