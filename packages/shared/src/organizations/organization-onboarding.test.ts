import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../users/users.js';
import {
  ADD_FARM_RULES,
  CREATE_ORGANIZATION_RULES,
  NEW_FARM_DEFAULTS,
  ONBOARDING_CONTACT_MAX,
  ONBOARDING_NAME_MAX,
  ORGANIZATION_ONBOARDING_MESSAGES as M,
  createOrganizationBodySchema,
  farmDraftSchema,
  placeNameSchema,
  firstAddFarmProblem,
  firstCreateOrganizationProblem,
  addFarmProblems,
  createOrganizationProblems,
  isFirstAdministratorInvited,
  type CreateOrganizationBody,
  type FarmDraft,
} from './organization-onboarding.js';

const farm = (): FarmDraft => ({
  farm_Name: 'Bergplaas',
  farm_Area: 4,
  farm_Region: 2,
  farm_Province: 1,
  farm_Lat: -32.4,
  farm_Long: 18.9,
  auto_Schedule: true,
  block_Daily_Auto: true,
  public_Holidays: true,
});

const draft = (): CreateOrganizationBody => ({
  organization_Name: 'Cederberg Citrus',
  organization_Level: 1,
  organization_Legal_Entity: { id: 0, name: 'Cederberg Citrus' },
  copy_Organization_Source: 3,
  copy_Spray_Products: false,
  contact_Name: 'Anna',
  contact_Surname: 'Smit',
  contact_Email: 'anna@example.test',
  contact_Phone_Number: '021 000 0000',
  super_Users: [],
  farms: [farm()],
});

/** Each step breaks one more rule, from last to first: every step must answer that rule's text. */
const ORGANIZATION_STEPS: [string, (d: CreateOrganizationBody) => void, string][] = [
  ['contact phone number empty', (d) => (d.contact_Phone_Number = ''), M.contactPhoneNumberRequired],
  ['contact email blank', (d) => (d.contact_Email = '   '), M.contactEmailRequired],
  ['contact surname missing', (d) => delete d.contact_Surname, M.contactSurnameRequired],
  ['contact name null', (d) => (d.contact_Name = null), M.contactNameRequired],
  ['copy organisation source 0', (d) => (d.copy_Organization_Source = 0), M.copyOrganizationSourceRequired],
  ['new legal entity without a name', (d) => (d.organization_Legal_Entity = { id: 0, name: '' }), M.legalEntityRequired],
  ['organisation level 0', (d) => (d.organization_Level = 0), M.organizationLevelRequired],
  ['organisation name empty', (d) => (d.organization_Name = ''), M.organizationNameRequired],
  ['no farms', (d) => (d.farms = []), M.farmsRequired],
];

const FARM_STEPS: [string, (f: FarmDraft) => void, string][] = [
  ['public holidays missing', (f) => delete f.public_Holidays, M.publicHolidaysRequired],
  ['block daily auto null', (f) => (f.block_Daily_Auto = null), M.blockDailyAutoRequired],
  ['auto schedule missing', (f) => delete f.auto_Schedule, M.autoScheduleRequired],
  ['longitude missing', (f) => (f.farm_Long = null), M.longitudeRequired],
  ['latitude 0', (f) => (f.farm_Lat = 0), M.latitudeRequired],
  ['province missing', (f) => delete f.farm_Province, M.provinceRequired],
  ['region missing', (f) => (f.farm_Region = null), M.regionRequired],
  ['area 0', (f) => (f.farm_Area = 0), M.areaRequired],
  ['farm name blank', (f) => (f.farm_Name = ' '), M.farmNameRequired],
];

describe('Save New Organization: the first failing rule, in the product order and texts', () => {
  it('the rules are the documented list, in its order', () => {
    expect(CREATE_ORGANIZATION_RULES.map((r) => r.message)).toEqual([
      'Please add 1 or more farms to continue',
      'Organization name is required',
      M.organizationNameLength,
      'Organization level is required',
      'Legal entity is required',
      M.organizationNameLength,
      'Copy organization source is required',
      'Contact name is required',
      M.contactNameLength,
      'Contact surname is required',
      M.contactSurnameLength,
      'Contact email is required',
      M.contactEmailLength,
      'Contact phone number is required',
      M.contactPhoneNumberLength,
      // beyond the documented list, when a first administrator is invited: the users' own texts
      USER_MESSAGES.userName,
      USER_MESSAGES.emailRequired,
      USER_MESSAGES.emailInvalid,
      M.firstAdministratorFullNameLength,
    ]);
  });

  it('the first administrator: nobody invited when left out or every field is blank; invited, judged by the users\' rules', () => {
    expect(firstCreateOrganizationProblem({ ...draft(), first_Administrator: null })).toBeNull();
    expect(firstCreateOrganizationProblem({ ...draft(), first_Administrator: { user_Name: ' ', email: '', full_Name: null } })).toBeNull();
    expect(isFirstAdministratorInvited({ user_Name: ' ', email: '' })).toBe(false);
    expect(isFirstAdministratorInvited({ full_Name: 'Thandi' })).toBe(true);
    const invite = { user_Name: 'thandi', email: 'thandi@example.test', full_Name: 'Thandi Mokoena' };
    expect(firstCreateOrganizationProblem({ ...draft(), first_Administrator: invite })).toBeNull();
    expect(firstCreateOrganizationProblem({ ...draft(), first_Administrator: { ...invite, full_Name: '' } })).toBeNull();
    expect(firstCreateOrganizationProblem({ ...draft(), first_Administrator: { ...invite, user_Name: 't' } })).toEqual({
      field: 'first_Administrator.user_Name',
      message: USER_MESSAGES.userName,
    });
    expect(firstCreateOrganizationProblem({ ...draft(), first_Administrator: { ...invite, email: ' ' } })?.message).toBe(USER_MESSAGES.emailRequired);
    expect(firstCreateOrganizationProblem({ ...draft(), first_Administrator: { ...invite, email: 'thandi' } })?.message).toBe(USER_MESSAGES.emailInvalid);
    expect(firstCreateOrganizationProblem({ ...draft(), first_Administrator: { ...invite, full_Name: 'x'.repeat(201) } })?.message).toBe(
      M.firstAdministratorFullNameLength,
    );
    // after the documented rules: an empty contact still comes first
    expect(firstCreateOrganizationProblem({ ...draft(), contact_Name: '', first_Administrator: { full_Name: 'Thandi' } })?.message).toBe(M.contactNameRequired);
  });

  it('every failing field at once, each with its first failing rule, in the documented order (the pop-up shows the first)', () => {
    const empty = createOrganizationBodySchema.parse({});
    expect(createOrganizationProblems(empty)).toEqual([
      { field: 'farms', message: M.farmsRequired },
      { field: 'organization_Name', message: M.organizationNameRequired },
      { field: 'organization_Level', message: M.organizationLevelRequired },
      { field: 'organization_Legal_Entity', message: M.legalEntityRequired },
      { field: 'copy_Organization_Source', message: M.copyOrganizationSourceRequired },
      { field: 'contact_Name', message: M.contactNameRequired },
      { field: 'contact_Surname', message: M.contactSurnameRequired },
      { field: 'contact_Email', message: M.contactEmailRequired },
      { field: 'contact_Phone_Number', message: M.contactPhoneNumberRequired },
    ]);
    expect(createOrganizationProblems(empty)[0]).toEqual(firstCreateOrganizationProblem(empty));
    // one entry per field: the name's required rule, not also its length rule
    const d = { ...draft(), organization_Name: '', contact_Email: 'x'.repeat(201), first_Administrator: { email: 'nope' } };
    expect(createOrganizationProblems(d)).toEqual([
      { field: 'organization_Name', message: M.organizationNameRequired },
      { field: 'contact_Email', message: M.contactEmailLength },
      { field: 'first_Administrator.user_Name', message: USER_MESSAGES.userName },
      { field: 'first_Administrator.email', message: USER_MESSAGES.emailInvalid },
    ]);
    expect(createOrganizationProblems(draft())).toEqual([]);
  });

  it('beyond the required rules: a text over its length is refused with its own message, right after its required rule (trimmed, as saved)', () => {
    const long = 'x'.repeat(ONBOARDING_NAME_MAX + 1);
    expect(firstCreateOrganizationProblem({ ...draft(), organization_Name: long })).toEqual({ field: 'organization_Name', message: M.organizationNameLength });
    expect(M.organizationNameLength).toBe('The organisation name may be at most 200 characters');
    expect(firstCreateOrganizationProblem({ ...draft(), organization_Name: ` ${'x'.repeat(ONBOARDING_NAME_MAX)} ` })).toBeNull();
    // the length rule comes before the rules after the name's own
    expect(firstCreateOrganizationProblem({ ...draft(), organization_Name: long, organization_Level: null })?.message).toBe(M.organizationNameLength);
    for (const [field, message] of [
      ['contact_Name', M.contactNameLength],
      ['contact_Surname', M.contactSurnameLength],
      ['contact_Email', M.contactEmailLength],
      ['contact_Phone_Number', M.contactPhoneNumberLength],
    ] as const) {
      expect(firstCreateOrganizationProblem({ ...draft(), [field]: 'x'.repeat(ONBOARDING_CONTACT_MAX + 1) }), field).toEqual({ field, message });
      expect(firstCreateOrganizationProblem({ ...draft(), [field]: 'x'.repeat(ONBOARDING_CONTACT_MAX) }), field).toBeNull();
    }
    // a farm's name, through its Add Farm rules
    const d = draft();
    d.farms = [farm(), { ...farm(), farm_Name: long }];
    expect(firstCreateOrganizationProblem(d)).toEqual({ field: 'farms.1.farm_Name', message: M.farmNameLength });
  });

  it('a complete draft passes', () => {
    expect(firstCreateOrganizationProblem(draft())).toBeNull();
  });

  // breaking the rules cumulatively from the last: each added break must win over all the later ones
  const cumulative = ORGANIZATION_STEPS.map((step, i) => [step[0], ORGANIZATION_STEPS.slice(0, i + 1), step[2]] as const);
  it.each(cumulative)('%s (and every later rule broken too)', (_name, steps, message) => {
    const d = draft();
    for (const [, breakIt] of steps) breakIt(d);
    expect(firstCreateOrganizationProblem(d)?.message).toBe(message);
  });

  it.each(ORGANIZATION_STEPS)('%s alone', (_name, breakIt, message) => {
    const d = draft();
    breakIt(d);
    expect(firstCreateOrganizationProblem(d)?.message).toBe(message);
  });

  it.each([
    ['farms missing', (d: CreateOrganizationBody): void => { delete d.farms; }, M.farmsRequired],
    ['organisation level missing', (d: CreateOrganizationBody): void => { delete d.organization_Level; }, M.organizationLevelRequired],
    ['legal entity missing', (d: CreateOrganizationBody): void => { d.organization_Legal_Entity = null; }, M.legalEntityRequired],
    ['copy source missing', (d: CreateOrganizationBody): void => { delete d.copy_Organization_Source; }, M.copyOrganizationSourceRequired],
  ] as const)('%s', (_name, breakIt, message) => {
    const d = draft();
    breakIt(d);
    expect(firstCreateOrganizationProblem(d)?.message).toBe(message);
  });

  it('an existing legal entity needs no name; a new one (id 0) does', () => {
    expect(firstCreateOrganizationProblem({ ...draft(), organization_Legal_Entity: { id: 7 } })).toBeNull();
    expect(firstCreateOrganizationProblem({ ...draft(), organization_Legal_Entity: { id: 0 } })?.message).toBe(M.legalEntityRequired);
  });

  it("after the organisation's rules, each farm's Add Farm rules, naming the farm", () => {
    const d = draft();
    d.farms = [farm(), { ...farm(), farm_Area: 0 }];
    expect(firstCreateOrganizationProblem(d)).toEqual({ field: 'farms.1.farm_Area', message: M.areaRequired });
    d.contact_Email = '';
    expect(firstCreateOrganizationProblem(d)?.message).toBe(M.contactEmailRequired);
  });
});

describe('Add Farm: the first failing rule, in the product order and texts', () => {
  it('the rules are the documented list, in its order', () => {
    expect(ADD_FARM_RULES.map((r) => r.message)).toEqual([
      'Farm name is required',
      M.farmNameLength,
      'Legal entity is required',
      'Area is required',
      'Region is required',
      'Province is required',
      'Latitude is required',
      'Latitude must be between -90 and 90',
      'Longitude is required',
      'Longitude must be between -180 and 180',
      'Auto schedule is required',
      'Block daily auto is required',
      'Public holidays is required',
      M.maxObservationPointsInvalid,
      M.observationSitesInvalid,
    ]);
  });

  const legalEntity = { id: 0, name: 'Cederberg Citrus' };
  it('beyond the required rules: a coordinate out of range or not a number, and a count that is no whole number of 0 or more, each with its own message', () => {
    expect(firstAddFarmProblem({ ...farm(), farm_Lat: 91 }, legalEntity)).toEqual({ field: 'farm_Lat', message: 'Latitude must be between -90 and 90' });
    expect(firstAddFarmProblem({ ...farm(), farm_Lat: Number.NaN }, legalEntity)?.message).toBe('Latitude must be between -90 and 90');
    expect(firstAddFarmProblem({ ...farm(), farm_Long: -180.5 }, legalEntity)?.message).toBe('Longitude must be between -180 and 180');
    expect(firstAddFarmProblem({ ...farm(), farm_Long: -180 }, legalEntity)).toBeNull();
    for (const bad of [-5, 1.5, Number.NaN, 2 ** 31]) {
      expect(firstAddFarmProblem({ ...farm(), max_Observation_Points: bad }, legalEntity)?.message, String(bad)).toBe(M.maxObservationPointsInvalid);
      expect(firstAddFarmProblem({ ...farm(), observation_Sites: bad }, legalEntity)?.message, String(bad)).toBe(M.observationSitesInvalid);
    }
    // left out, the default applies
    const { max_Observation_Points: _left, ...without } = farm();
    expect(firstAddFarmProblem(without, legalEntity)).toBeNull();
  });
  it('beyond the required rules: a farm name over its length is refused with its own message, not cut', () => {
    expect(firstAddFarmProblem({ ...farm(), farm_Name: 'x'.repeat(ONBOARDING_NAME_MAX + 1) }, legalEntity)).toEqual({ field: 'farm_Name', message: M.farmNameLength });
    expect(firstAddFarmProblem({ ...farm(), farm_Name: 'x'.repeat(ONBOARDING_NAME_MAX) }, legalEntity)).toBeNull();
    expect(M.farmNameLength).toBe('The farm name may be at most 200 characters');
  });
  it('a complete farm passes; false flags and longitude 0 count as given', () => {
    expect(firstAddFarmProblem(farm(), legalEntity)).toBeNull();
    expect(firstAddFarmProblem({ ...farm(), auto_Schedule: false, block_Daily_Auto: false, public_Holidays: false, farm_Long: 0 }, legalEntity)).toBeNull();
  });

  const cumulative = FARM_STEPS.map((step, i) => [step[0], FARM_STEPS.slice(0, i + 1), step[2]] as const);
  it.each(cumulative)('%s (and every later rule broken too)', (_name, steps, message) => {
    const f = farm();
    for (const [, breakIt] of steps) breakIt(f);
    expect(firstAddFarmProblem(f, legalEntity)?.message).toBe(message);
  });

  it('every failing field at once, each with its first failing rule (the pop-up shows the first)', () => {
    const empty: FarmDraft = { farm_Name: '', farm_Lat: null, farm_Long: null, auto_Schedule: true, block_Daily_Auto: true, public_Holidays: true };
    expect(addFarmProblems(empty, null)).toEqual([
      { field: 'farm_Name', message: M.farmNameRequired },
      { field: 'organization_Legal_Entity', message: M.legalEntityRequired },
      { field: 'farm_Area', message: M.areaRequired },
      { field: 'farm_Region', message: M.regionRequired },
      { field: 'farm_Province', message: M.provinceRequired },
      { field: 'farm_Lat', message: M.latitudeRequired },
      { field: 'farm_Long', message: M.longitudeRequired },
    ]);
    expect(addFarmProblems(empty, null)[0]).toEqual(firstAddFarmProblem(empty, null));
    expect(addFarmProblems(farm(), legalEntity)).toEqual([]);
  });

  it('the legal entity comes second: after the farm name, before the area', () => {
    expect(firstAddFarmProblem({ ...farm(), farm_Area: 0 }, null)?.message).toBe(M.legalEntityRequired);
    expect(firstAddFarmProblem({ ...farm(), farm_Name: '' }, null)?.message).toBe(M.farmNameRequired);
  });
});

describe('request schemas', () => {
  it('a farm takes the new-farm defaults for what it omits', () => {
    const parsed = farmDraftSchema.parse(farm());
    expect(parsed).toMatchObject({
      saturdays: NEW_FARM_DEFAULTS.saturdays,
      sundays: NEW_FARM_DEFAULTS.sundays,
      max_Observation_Points: 0,
      observation_Sites: 0,
      site_Type: 1,
      farm_Legal_Entity: 0,
    });
  });

  it('types only: an empty draft parses (the checker judges it), a wrong type does not', () => {
    expect(createOrganizationBodySchema.safeParse({}).success).toBe(true);
    expect(firstCreateOrganizationProblem(createOrganizationBodySchema.parse({}))?.message).toBe(M.farmsRequired);
    expect(createOrganizationBodySchema.safeParse({ organization_Level: 'one' }).success).toBe(false);
    expect(createOrganizationBodySchema.safeParse({ farms: [{ farm_Lat: 91 }] }).success).toBe(false);
    // a text's length is the rules' (their message), not the schema's
    expect(createOrganizationBodySchema.safeParse({ organization_Name: 'x'.repeat(ONBOARDING_NAME_MAX + 1) }).success).toBe(true);
  });

  it("a new legal entity's name is held to the organisation name's length, trimmed (the server saves it); an existing one's is not saved and not judged", () => {
    const long = 'x'.repeat(ONBOARDING_NAME_MAX + 1);
    expect(createOrganizationBodySchema.safeParse({ organization_Legal_Entity: { id: 0, name: long } }).success).toBe(true);
    expect(firstCreateOrganizationProblem({ ...draft(), organization_Legal_Entity: { id: 0, name: long } })).toEqual({
      field: 'organization_Legal_Entity',
      message: M.organizationNameLength,
    });
    expect(firstCreateOrganizationProblem({ ...draft(), organization_Legal_Entity: { id: 0, name: ` ${'x'.repeat(ONBOARDING_NAME_MAX)} ` } })).toBeNull();
    expect(firstCreateOrganizationProblem({ ...draft(), organization_Legal_Entity: { id: 7, name: long } })).toBeNull();
  });

  it("a new region's, area's or province's name: blank after trimming is the caller's to refuse; over the length, its own message", () => {
    expect(placeNameSchema.safeParse(` ${'x'.repeat(ONBOARDING_NAME_MAX)} `).success).toBe(true);
    const long = placeNameSchema.safeParse('x'.repeat(ONBOARDING_NAME_MAX + 1));
    expect(long.error?.issues[0]?.message).toBe('A name may be at most 200 characters');
  });
});
