/**
 * Create New Organization (docs/domain.md, Organisations and Create New Organization): the reference lists the dialog
 * offers (organisation levels, site types, regions, areas of a region, provinces, the legal entities
 * and organisations to copy from, whether spray products can be copied), adding a region, area or
 * province, and saving the organisation with its legal entity, contact, super users and farms.
 *
 * Super users only (platform operators, `isSuperUser` in /api/me): an organisation's roles give no
 * access and no organisation is needed (an X-Organization-Id header is ignored).
 *
 * The new organisation's people: the creating super user and the super users chosen in the Super
 * User section (found by the super-user search) become members holding Administrator; a first
 * administrator of the customer's own may be invited in the same save (a new account, Administrator
 * in the new organisation only, who sets a password through the mailed password-reset link).
 *
 * Validation is written once here, in the product's order and texts: `firstAddFarmProblem` (the Add
 * Farm button) and `firstCreateOrganizationProblem` (Save New Organization) answer the FIRST failing
 * rule, which the browser shows as an Error dialog and the server answers as a 400 whose message is
 * that text; `createOrganizationProblems` and `addFarmProblems` answer every failing field (its first
 * rule), so the dialog also marks each field in place after an attempt. The request schemas below only check types and sizes, so a draft with missing values
 * still reaches the checker and gets the rule's message; a text's length is a rule too (its own
 * message, after the field's required rule), so a name too long is refused, never cut.
 */
import { z } from 'zod';
import { idSchema, INT_MAX, jsonIdSchema } from '../core/common.js';
import { EMAIL_MAX, USER_NAME_MAX } from '../core/constants.js';
import { FARM_SETUP_MESSAGES, latitudeSchema, longitudeSchema } from '../farm-setup/farm-setup.js';
import { OPTIONAL_TEXT_MAX, USER_MESSAGES, emailSchema, userNameSchema } from '../users/users.js';

export const ORGANIZATION_ONBOARDING_PATHS = {
  /** Organisation level: id, level_Name */
  levels: '/api/organization-levels',
  /** Site type: id, description */
  siteTypes: '/api/site-types',
  /** Region: id, region_Name (GET the list, POST adds one) */
  regions: '/api/regions',
  /** Area: id, area_Name, region (GET ?region= filters to one region, POST adds one to a region) */
  areas: '/api/areas',
  /** Province: id, province_Name (GET the list, POST adds one) */
  provinces: '/api/provinces',
  /** every organisation's legal entities, to start the new organisation's legal entity from */
  legalEntities: '/api/organization-onboarding/legal-entities',
  /** the organisations whose roles a new organisation can copy (copy_Organization_Source), with those roles' names */
  copySources: '/api/organization-onboarding/copy-sources',
  /** GET ?query=: get super users, by part of the user name or full name (the Super User section) */
  superUsers: '/api/organization-onboarding/super-users',
  /** whether spray products can be copied from a source, and the box's default */
  sprayProducts: '/api/organization-onboarding/spray-products',
  /** save complete organisation (POST) */
  create: '/api/organizations',
} as const;

/** Longest name of an organisation, legal entity, farm, region, area or province. */
export const ONBOARDING_NAME_MAX = 200;
/** Longest contact field. */
export const ONBOARDING_CONTACT_MAX = 200;
/** Most farms one new organisation is saved with. */
export const ONBOARDING_FARMS_MAX = 500;
/** Most super users one new organisation is saved with. */
export const ONBOARDING_SUPER_USERS_MAX = 100;
/** The legal entity option id that means "a new legal entity" (named after the organisation). */
export const NEW_LEGAL_ENTITY_ID = 0;
/** The name of the role every new organisation's super users hold: every permission. */
export const ONBOARDING_ADMINISTRATOR_ROLE = 'Administrator';

/** Super user search: from 3 characters, sent 500 ms after typing stops (docs/domain.md, Create New Organization). */
export const SUPER_USER_SEARCH_MIN_CHARS = 3;
export const SUPER_USER_SEARCH_DELAY_MS = 500;
/** The most super users one search answers. */
export const SUPER_USER_SEARCH_MAX_RESULTS = 20;

/** The product's texts, exactly as the dialog shows them. */
export const ORGANIZATION_ONBOARDING_MESSAGES = {
  // Add Farm
  farmNameRequired: 'Farm name is required',
  legalEntityRequired: 'Legal entity is required',
  areaRequired: 'Area is required',
  regionRequired: 'Region is required',
  provinceRequired: 'Province is required',
  latitudeRequired: 'Latitude is required',
  longitudeRequired: 'Longitude is required',
  autoScheduleRequired: 'Auto schedule is required',
  blockDailyAutoRequired: 'Block daily auto is required',
  publicHolidaysRequired: 'Public holidays is required',
  // beyond the required-field rules: a typed value outside its range is refused with its own message
  maxObservationPointsInvalid: `Max observation points must be a whole number from 0 to ${INT_MAX}`,
  observationSitesInvalid: `Observation sites must be a whole number from 0 to ${INT_MAX}`,
  farmNameLength: `The farm name may be at most ${ONBOARDING_NAME_MAX} characters`,
  // Save Organization
  farmsRequired: 'Please add 1 or more farms to continue',
  organizationNameRequired: 'Organization name is required',
  organizationLevelRequired: 'Organization level is required',
  copyOrganizationSourceRequired: 'Copy organization source is required',
  contactNameRequired: 'Contact name is required',
  contactSurnameRequired: 'Contact surname is required',
  contactEmailRequired: 'Contact email is required',
  contactPhoneNumberRequired: 'Contact phone number is required',
  // beyond the required-field rules: a text over its column's length is refused with its own message, not cut
  organizationNameLength: `The organisation name may be at most ${ONBOARDING_NAME_MAX} characters`,
  contactNameLength: `The contact name may be at most ${ONBOARDING_CONTACT_MAX} characters`,
  contactSurnameLength: `The contact surname may be at most ${ONBOARDING_CONTACT_MAX} characters`,
  contactEmailLength: `The contact email may be at most ${ONBOARDING_CONTACT_MAX} characters`,
  contactPhoneNumberLength: `The contact phone number may be at most ${ONBOARDING_CONTACT_MAX} characters`,
  // the first administrator (optional: invited when any of their fields is filled in)
  firstAdministratorFullNameLength: `The full name may be at most ${OPTIONAL_TEXT_MAX} characters`,
  // outcome
  saved: 'Organization saved successfully',
  // the server's own checks of what the ids name (after the rules above)
  organizationNameTaken: 'An organisation with this name already exists',
  levelUnknown: 'The organisation level does not exist',
  legalEntityUnknown: 'The legal entity does not exist',
  copySourceUnknown: 'The organisation to copy from does not exist',
  superUserUnknown: 'A chosen super user does not exist, is disabled or is not a super user',
  farmLegalEntityMismatch: "A farm's legal entity must be the organisation's legal entity",
  areaUnknown: 'The area does not exist',
  areaNotInRegion: 'The area is not in the chosen region',
  regionUnknown: 'The region does not exist',
  provinceUnknown: 'The province does not exist',
  siteTypeUnknown: 'The site type does not exist',
  nameRequired: 'A name is required',
  placeNameLength: `A name may be at most ${ONBOARDING_NAME_MAX} characters`,
} as const;

// ---------------------------------------------------------------------------------------------
// Reference lists

export const organizationLevelSchema = z.object({ id: z.number().int(), level_Name: z.string() });
export type OrganizationLevel = z.infer<typeof organizationLevelSchema>;
export const siteTypeSchema = z.object({ id: z.number().int(), description: z.string() });
export type SiteType = z.infer<typeof siteTypeSchema>;
export const regionSchema = z.object({ id: z.number().int(), region_Name: z.string() });
export type Region = z.infer<typeof regionSchema>;
export const areaSchema = z.object({ id: z.number().int(), area_Name: z.string(), region: z.number().int() });
export type Area = z.infer<typeof areaSchema>;
export const provinceSchema = z.object({ id: z.number().int(), province_Name: z.string() });
export type Province = z.infer<typeof provinceSchema>;
/** Legal entity: id, name (id 0 is the new one the browser puts at the head of the list). */
export const onboardingLegalEntitySchema = z.object({ id: z.number().int(), name: z.string() });
export type OnboardingLegalEntity = z.infer<typeof onboardingLegalEntitySchema>;
/** Organisation (selector): id, name; and the names of its roles, which a new organisation copied from it starts with. */
export const copySourceSchema = z.object({ id: z.number().int(), name: z.string(), roles: z.array(z.string()) });
export type CopySource = z.infer<typeof copySourceSchema>;

export const organizationLevelsResponseSchema = z.object({ result: z.array(organizationLevelSchema) });
export const siteTypesResponseSchema = z.object({ result: z.array(siteTypeSchema) });
export const regionsResponseSchema = z.object({ result: z.array(regionSchema) });
export const areasResponseSchema = z.object({ result: z.array(areaSchema) });
export const provincesResponseSchema = z.object({ result: z.array(provinceSchema) });
export const onboardingLegalEntitiesResponseSchema = z.object({ result: z.array(onboardingLegalEntitySchema) });
export const copySourcesResponseSchema = z.object({ result: z.array(copySourceSchema) });

/** GET areas: `region` given, only that region's areas. */
export const areasQuerySchema = z.object({ region: idSchema.optional() });
export type AreasQuery = z.input<typeof areasQuerySchema>;

/** A new region's, area's or province's name: the server's check, and the browser's before it asks. */
export const placeNameSchema = z.string().trim().max(ONBOARDING_NAME_MAX, ORGANIZATION_ONBOARDING_MESSAGES.placeNameLength);
export const addRegionBodySchema = z.object({ region_Name: placeNameSchema });
export type AddRegionBody = z.input<typeof addRegionBodySchema>;
/** A new area needs a region. */
export const addAreaBodySchema = z.object({ area_Name: placeNameSchema, region: jsonIdSchema });
export type AddAreaBody = z.input<typeof addAreaBodySchema>;
export const addProvinceBodySchema = z.object({ province_Name: placeNameSchema });
export type AddProvinceBody = z.input<typeof addProvinceBodySchema>;

/**
 * Get super users: enabled super users whose user name or full name contains the text (ignoring
 * case), from SUPER_USER_SEARCH_MIN_CHARS characters; at most SUPER_USER_SEARCH_MAX_RESULTS.
 */
export const superUsersQuerySchema = z.object({ query: z.string().trim().min(SUPER_USER_SEARCH_MIN_CHARS).max(USER_NAME_MAX) });
export type SuperUsersQuery = z.input<typeof superUsersQuerySchema>;
/** Super user: id, fullName (the user name when no full name is recorded), and the user name. */
export const superUserSchema = z.object({ id: z.number().int(), fullName: z.string(), userName: z.string() });
export type SuperUser = z.infer<typeof superUserSchema>;
export const superUsersResponseSchema = z.object({ result: z.array(superUserSchema) });

/**
 * Whether the chosen source (?source=) keeps spray products or export markets to copy: `available`
 * offers the box, `copy_Spray_Products` is its default (ticked when there is something to copy).
 */
export const sprayProductsCopyQuerySchema = z.object({ source: idSchema.optional() });
export const sprayProductsCopyResponseSchema = z.object({ available: z.boolean(), copy_Spray_Products: z.boolean() });
export type SprayProductsCopyResponse = z.infer<typeof sprayProductsCopyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The draft and its checks

/** New farm defaults: the values a farm starts with in the Farm Specifications section. */
export const NEW_FARM_DEFAULTS = {
  max_Observation_Points: 0,
  observation_Sites: 0,
  public_Holidays: true,
  saturdays: true,
  sundays: true,
  auto_Schedule: true,
  block_Daily_Auto: true,
  site_Type: 1,
  farm_Legal_Entity: 0,
} as const;

const idOrZero = z.number().int().min(0).max(INT_MAX);
const count = z.number().int().min(0).max(INT_MAX);
/** a text's length is judged by the rules (their message), as a missing one is */
const text = z.string();

/**
 * Farm in create payload. Types only: a missing value is judged by `firstAddFarmProblem`.
 * Omitted scheduling flags and counts take NEW_FARM_DEFAULTS.
 */
export const farmDraftSchema = z.object({
  farm_Name: text.nullish(),
  farm_Area: idOrZero.nullish(),
  farm_Region: idOrZero.nullish(),
  farm_Province: idOrZero.nullish(),
  farm_Legal_Entity: idOrZero.default(NEW_FARM_DEFAULTS.farm_Legal_Entity),
  farm_Lat: latitudeSchema.nullish(),
  farm_Long: longitudeSchema.nullish(),
  auto_Schedule: z.boolean().nullish(),
  block_Daily_Auto: z.boolean().nullish(),
  public_Holidays: z.boolean().nullish(),
  saturdays: z.boolean().default(NEW_FARM_DEFAULTS.saturdays),
  sundays: z.boolean().default(NEW_FARM_DEFAULTS.sundays),
  max_Observation_Points: count.default(NEW_FARM_DEFAULTS.max_Observation_Points),
  observation_Sites: count.default(NEW_FARM_DEFAULTS.observation_Sites),
  site_Type: z.number().int().positive().max(INT_MAX).default(NEW_FARM_DEFAULTS.site_Type),
});
export type FarmDraft = z.input<typeof farmDraftSchema>;

/** The organisation's legal entity: id 0 is a new one with this name (the browser sends the organisation's name); another id starts from that one. */
export const legalEntityChoiceSchema = z.object({ id: idOrZero, name: text.nullish() });
export type LegalEntityChoice = z.input<typeof legalEntityChoiceSchema>;

/**
 * The customer's first administrator, invited with the organisation: left out (or every field
 * blank), nobody is invited. Types only: the checker judges the values with the users' rules.
 */
export const firstAdministratorSchema = z.object({
  user_Name: text.nullish(),
  email: text.nullish(),
  full_Name: text.nullish(),
});
export type FirstAdministrator = z.input<typeof firstAdministratorSchema>;

/** Organisation create payload. Types only: missing values are judged by the checker. */
export const createOrganizationBodySchema = z.object({
  organization_Name: text.nullish(),
  organization_Level: idOrZero.nullish(),
  organization_Legal_Entity: legalEntityChoiceSchema.nullish(),
  copy_Organization_Source: idOrZero.nullish(),
  copy_Spray_Products: z.boolean().default(false),
  contact_Name: text.nullish(),
  contact_Surname: text.nullish(),
  contact_Phone_Number: text.nullish(),
  contact_Email: text.nullish(),
  /** existing users' ids: they become members holding the Administrator role */
  super_Users: z.array(z.number().int().positive().max(INT_MAX)).max(ONBOARDING_SUPER_USERS_MAX).default([]),
  farms: z.array(farmDraftSchema).max(ONBOARDING_FARMS_MAX).nullish(),
  first_Administrator: firstAdministratorSchema.nullish(),
});
export type CreateOrganizationBody = z.input<typeof createOrganizationBodySchema>;
export type CreateOrganizationDraft = z.output<typeof createOrganizationBodySchema>;

/** The first failing rule: the field it concerns and the rule's text. */
export interface OnboardingProblem {
  field: string;
  message: string;
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';
const missing = (value: unknown) => value === null || value === undefined;
/** given and longer than `max` once trimmed (what is saved) */
const tooLong = (value: string | null | undefined, max: number) => typeof value === 'string' && value.trim().length > max;
const missingOrZero = (value: number | null | undefined) => value === null || value === undefined || value === 0;
/** a coordinate given (blank is the required rule's) that its schema refuses (NaN: typed, not a number) */
const outOfRange = (value: number | null | undefined, schema: z.ZodNumber) => !missing(value) && !schema.safeParse(value).success;
/** given and not a count of 0 or more that fits the column (null: the field emptied; left out, the default 0 applies) */
const notCount = (value: number | null | undefined) => value !== undefined && !count.safeParse(value).success;

const M = ORGANIZATION_ONBOARDING_MESSAGES;

interface Rule<T> {
  field: string;
  message: string;
  fails: (value: T) => boolean;
}

type FarmInput = { farm: FarmDraft; legalEntity: LegalEntityChoice | null | undefined };

/** Add Farm, in the product's order. The legal entity is the dialog's (the organisation's) one. */
export const ADD_FARM_RULES: readonly Rule<FarmInput>[] = [
  { field: 'farm_Name', message: M.farmNameRequired, fails: ({ farm }) => blank(farm.farm_Name) },
  { field: 'farm_Name', message: M.farmNameLength, fails: ({ farm }) => tooLong(farm.farm_Name, ONBOARDING_NAME_MAX) },
  { field: 'organization_Legal_Entity', message: M.legalEntityRequired, fails: ({ legalEntity }) => legalEntityMissing(legalEntity) },
  { field: 'farm_Area', message: M.areaRequired, fails: ({ farm }) => missingOrZero(farm.farm_Area) },
  { field: 'farm_Region', message: M.regionRequired, fails: ({ farm }) => missing(farm.farm_Region) },
  { field: 'farm_Province', message: M.provinceRequired, fails: ({ farm }) => missing(farm.farm_Province) },
  { field: 'farm_Lat', message: M.latitudeRequired, fails: ({ farm }) => missingOrZero(farm.farm_Lat) },
  { field: 'farm_Lat', message: FARM_SETUP_MESSAGES.latitudeRange, fails: ({ farm }) => outOfRange(farm.farm_Lat, latitudeSchema) },
  { field: 'farm_Long', message: M.longitudeRequired, fails: ({ farm }) => missing(farm.farm_Long) },
  { field: 'farm_Long', message: FARM_SETUP_MESSAGES.longitudeRange, fails: ({ farm }) => outOfRange(farm.farm_Long, longitudeSchema) },
  { field: 'auto_Schedule', message: M.autoScheduleRequired, fails: ({ farm }) => missing(farm.auto_Schedule) },
  { field: 'block_Daily_Auto', message: M.blockDailyAutoRequired, fails: ({ farm }) => missing(farm.block_Daily_Auto) },
  { field: 'public_Holidays', message: M.publicHolidaysRequired, fails: ({ farm }) => missing(farm.public_Holidays) },
  { field: 'max_Observation_Points', message: M.maxObservationPointsInvalid, fails: ({ farm }) => notCount(farm.max_Observation_Points) },
  { field: 'observation_Sites', message: M.observationSitesInvalid, fails: ({ farm }) => notCount(farm.observation_Sites) },
];

/** Save Organization, in the product's order (docs/domain.md, Create New Organization). */
export const CREATE_ORGANIZATION_RULES: readonly Rule<CreateOrganizationBody>[] = [
  { field: 'farms', message: M.farmsRequired, fails: (d) => !d.farms || d.farms.length === 0 },
  { field: 'organization_Name', message: M.organizationNameRequired, fails: (d) => blank(d.organization_Name) },
  { field: 'organization_Name', message: M.organizationNameLength, fails: (d) => tooLong(d.organization_Name, ONBOARDING_NAME_MAX) },
  { field: 'organization_Level', message: M.organizationLevelRequired, fails: (d) => missingOrZero(d.organization_Level) },
  { field: 'organization_Legal_Entity', message: M.legalEntityRequired, fails: (d) => legalEntityMissing(d.organization_Legal_Entity) },
  // a new legal entity is saved with the name given (the browser gives the organisation's)
  { field: 'organization_Legal_Entity', message: M.organizationNameLength, fails: (d) => newLegalEntityNameTooLong(d.organization_Legal_Entity) },
  { field: 'copy_Organization_Source', message: M.copyOrganizationSourceRequired, fails: (d) => missingOrZero(d.copy_Organization_Source) },
  { field: 'contact_Name', message: M.contactNameRequired, fails: (d) => blank(d.contact_Name) },
  { field: 'contact_Name', message: M.contactNameLength, fails: (d) => tooLong(d.contact_Name, ONBOARDING_CONTACT_MAX) },
  { field: 'contact_Surname', message: M.contactSurnameRequired, fails: (d) => blank(d.contact_Surname) },
  { field: 'contact_Surname', message: M.contactSurnameLength, fails: (d) => tooLong(d.contact_Surname, ONBOARDING_CONTACT_MAX) },
  { field: 'contact_Email', message: M.contactEmailRequired, fails: (d) => blank(d.contact_Email) },
  { field: 'contact_Email', message: M.contactEmailLength, fails: (d) => tooLong(d.contact_Email, ONBOARDING_CONTACT_MAX) },
  { field: 'contact_Phone_Number', message: M.contactPhoneNumberRequired, fails: (d) => blank(d.contact_Phone_Number) },
  { field: 'contact_Phone_Number', message: M.contactPhoneNumberLength, fails: (d) => tooLong(d.contact_Phone_Number, ONBOARDING_CONTACT_MAX) },
  // beyond the documented list: the first administrator, when one is invited, by the users' own rules and texts
  { field: 'first_Administrator.user_Name', message: USER_MESSAGES.userName, fails: (d) => invited(d) && !userNameSchema.safeParse(d.first_Administrator?.user_Name ?? '').success },
  { field: 'first_Administrator.email', message: USER_MESSAGES.emailRequired, fails: (d) => invited(d) && emailMissingOrLong(d.first_Administrator?.email) },
  { field: 'first_Administrator.email', message: USER_MESSAGES.emailInvalid, fails: (d) => invited(d) && !emailSchema.safeParse(d.first_Administrator?.email ?? '').success },
  { field: 'first_Administrator.full_Name', message: M.firstAdministratorFullNameLength, fails: (d) => invited(d) && tooLong(d.first_Administrator?.full_Name, OPTIONAL_TEXT_MAX) },
];

/** Is a first administrator invited: any of their fields filled in? */
export function isFirstAdministratorInvited(first: FirstAdministrator | null | undefined): boolean {
  return !!first && !(blank(first.user_Name) && blank(first.email) && blank(first.full_Name));
}
const invited = (d: CreateOrganizationBody) => isFirstAdministratorInvited(d.first_Administrator);
const emailMissingOrLong = (email: string | null | undefined) => blank(email) || tooLong(email, EMAIL_MAX);

/** A legal entity is chosen: an existing one, or the new one (id 0) with a name. */
function legalEntityMissing(choice: LegalEntityChoice | null | undefined): boolean {
  if (!choice) return true;
  return choice.id === NEW_LEGAL_ENTITY_ID && blank(choice.name);
}

/** A new legal entity (id 0) named with more than the organisation name's length, once trimmed (an existing one's name is not saved). */
function newLegalEntityNameTooLong(choice: LegalEntityChoice | null | undefined): boolean {
  return choice?.id === NEW_LEGAL_ENTITY_ID && tooLong(choice.name, ONBOARDING_NAME_MAX);
}

/** Each field's first failing rule, in the rules' order. */
function problemsOf<T>(rules: readonly Rule<T>[], value: T): OnboardingProblem[] {
  const problems: OnboardingProblem[] = [];
  for (const rule of rules) {
    if (rule.fails(value) && !problems.some((p) => p.field === rule.field)) problems.push({ field: rule.field, message: rule.message });
  }
  return problems;
}

/** Add Farm: the first failing rule in order, or null when the farm can be added. */
export function firstAddFarmProblem(farm: FarmDraft, legalEntity: LegalEntityChoice | null | undefined): OnboardingProblem | null {
  const rule = ADD_FARM_RULES.find((r) => r.fails({ farm, legalEntity }));
  return rule ? { field: rule.field, message: rule.message } : null;
}

/** Add Farm: every field that fails, with its first failing rule, in the rules' order (the first is firstAddFarmProblem's). */
export function addFarmProblems(farm: FarmDraft, legalEntity: LegalEntityChoice | null | undefined): OnboardingProblem[] {
  return problemsOf(ADD_FARM_RULES, { farm, legalEntity });
}

/**
 * Save New Organization: the first failing rule in order, then (a draft the browser
 * built passed them when each farm was added) each farm's Add Farm rules in list order, the field
 * named `farms.<index>.<field>`. Null when the draft can be saved.
 */
export function firstCreateOrganizationProblem(draft: CreateOrganizationBody): OnboardingProblem | null {
  const rule = CREATE_ORGANIZATION_RULES.find((r) => r.fails(draft));
  if (rule) return { field: rule.field, message: rule.message };
  for (const [index, farm] of (draft.farms ?? []).entries()) {
    const problem = firstAddFarmProblem(farm, draft.organization_Legal_Entity);
    if (problem) return { field: `farms.${index}.${problem.field}`, message: problem.message };
  }
  return null;
}

/**
 * Save New Organization: every field of the organisation that fails, with its first failing rule,
 * in the rules' order, so one attempt can show everything missing. Its first entry is
 * firstCreateOrganizationProblem's whenever the organisation's own rules fail.
 */
export function createOrganizationProblems(draft: CreateOrganizationBody): OnboardingProblem[] {
  return problemsOf(CREATE_ORGANIZATION_RULES, draft);
}

// ---------------------------------------------------------------------------------------------
// The saved organisation

export const createdOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  legalEntity: onboardingLegalEntitySchema,
  farms: z.array(z.object({ id: z.number().int(), farm_Name: z.string() })),
  /** the members holding the Administrator role: the creator and the chosen super users */
  superUsers: z.array(z.number().int()),
  /** the invited first administrator (their password-reset mail sent), or null */
  firstAdministrator: z.object({ id: z.number().int(), userName: z.string(), email: z.string() }).nullable(),
  /** the roles copied from the source, and the Administrator role */
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CreatedOrganization = z.infer<typeof createdOrganizationSchema>;

// ---------------------------------------------------------------------------------------------
// The dialog's constants


/**
 * The farm marker's fixed start position: the middle of South Africa, zoomed out far
 * enough to show the whole country, so a farm anywhere is one drag (or two typed numbers) away.
 */
export const FARM_MAP_DEFAULT_POSITION = { lat: -28.4793, lng: 24.6727 } as const;
export const FARM_MAP_DEFAULT_ZOOM = 5;
/** Map tiles when the web build names no other server (VITE_MAP_TILE_URL, VITE_MAP_TILE_ATTRIBUTION). */
export const FARM_MAP_TILE_URL_DEFAULT = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const FARM_MAP_TILE_ATTRIBUTION_DEFAULT = '© OpenStreetMap contributors';
/** Decimal places a coordinate is kept with (about 1 cm). */
export const FARM_COORDINATE_DECIMALS = 7;
