import { describe, expect, it } from 'vitest';
import { NEW_FARM_DEFAULTS, ORGANIZATION_ONBOARDING_MESSAGES as M, firstAddFarmProblem, firstCreateOrganizationProblem } from '@orchard/shared';
import {
  coordinateText,
  emptyOrganizationValues,
  farmDraft,
  legalEntityChoice,
  legalEntityOptions,
  newFarmValues,
  organizationDraft,
  parseCoordinate,
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
  it('reads the typed number: null when blank, NaN when not a number', () => {
    expect(parseCoordinate('-28.5')).toBe(-28.5);
    expect(parseCoordinate(' 24,25 ')).toBe(24.25);
    expect(parseCoordinate('')).toBeNull();
    // typed and not a number, or out of range: kept so Add Farm names the range, never "required"
    expect(parseCoordinate('abc')).toBeNaN();
    expect(parseCoordinate('1.2.3')).toBeNaN();
    expect(parseCoordinate('91')).toBe(91);
    expect(parseCoordinate('179.9')).toBe(179.9);
  });
  it('shows a map position with at most 7 decimals', () => {
    expect(coordinateText(-28.123456789)).toBe('-28.1234568');
    expect(coordinateText(24.5)).toBe('24.5');
  });
});

describe('a farm', () => {
  it('starts with the spec defaults', () => {
    const farm = farmDraft(newFarmValues(), null);
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
    const farm = farmDraft(values, 9);
    expect(farm).toMatchObject({ farm_Name: 'North', farm_Lat: -33.1, farm_Long: 19.2, farm_Legal_Entity: 9 });
    expect(firstAddFarmProblem(farm, { id: 9, name: 'Letaba Estates' })).toBeNull();
    expect(firstAddFarmProblem({ ...farm, farm_Lat: null }, { id: 9 })?.message).toBe(M.latitudeRequired);
  });
});

describe('the organisation draft', () => {
  const farm = farmDraft({ ...newFarmValues(), farm_Name: 'North', farm_Region: 1, farm_Area: 2, farm_Province: 3, latitude: '-33', longitude: '19' }, 0);
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
    super_Users: [{ id: 7, userName: 'sam', email: 'sam@example.test' }],
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
  it('reports the rules in the spec order', () => {
    expect(firstCreateOrganizationProblem(organizationDraft({ ...complete, organization_Name: ' ', legalEntityId: null }, existing))?.message).toBe(
      M.organizationNameRequired,
    );
    expect(firstCreateOrganizationProblem(organizationDraft({ ...complete, contact_Email: '' }, existing))?.message).toBe(M.contactEmailRequired);
  });
});
