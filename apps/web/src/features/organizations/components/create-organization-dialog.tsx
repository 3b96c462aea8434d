/**
 * Create New Organization (docs/domain.md, Create New Organization), for super users: Organization
 * Details, Contact, Super User, Farm Details with a map, Farm Specifications; Add Farm puts the farm
 * on the draft's list, Save New Organization saves the organisation with its farms (and invites its
 * first administrator, when one is filled in). Both buttons check with the shared rules: the first
 * failing rule, in the documented order, in an Error dialog; and, from that attempt on, every
 * failing field's message under the field (required fields carry an asterisk), so one attempt shows
 * everything missing.
 * A saving flag blocks a second save; on success the form resets, the dialog closes, and the list
 * and the organisation switcher reload. Closing with typed data asks before discarding it.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseDecimalInput } from '@orchard/shared/core';
import {
  NEW_LEGAL_ENTITY_ID,
  addFarmProblems,
  createOrganizationProblems,
  firstAddFarmProblem,
  firstCreateOrganizationProblem,
  isFirstAdministratorInvited,
} from '@orchard/shared/organizations';
import { FieldError } from '../../../components/field-error';
import { EditorDialog, useDiscardGuard } from '../../../components/discard-guard';
import { labelledDropdownPt } from '../../../components/filter-fields';
import { errorText, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { useAddArea } from '../api/add-area';
import { useAddProvince } from '../api/add-province';
import { useAddRegion } from '../api/add-region';
import { useCreateOrganization } from '../api/create-organization';
import { useAreas } from '../api/get-areas';
import { useCopySources } from '../api/get-copy-sources';
import { useOnboardingLegalEntities } from '../api/get-legal-entities';
import { useOrganizationLevels } from '../api/get-organization-levels';
import { useProvinces } from '../api/get-provinces';
import { useRegions } from '../api/get-regions';
import { useSiteTypes } from '../api/get-site-types';
import { useSprayProductsCopy } from '../api/get-spray-products';
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
} from '../organization-draft';
import { FarmMap, type LatLng } from './farm-map';
import { PlacePicker } from './place-picker';
import { CheckField, ChoiceField, CountField, FieldLabel, FieldMessage, ProblemDialog, Section, TextField, fieldAria } from './organization-form-fields';
import { SuperUserPicker } from './super-user-picker';

const NO_PLACE_DRAFTS = { region: false, area: false, province: false };

export function CreateOrganizationDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  // coordinates are read and written in the culture every number input of the organisation uses
  const { culture } = useFormatters();
  const latId = useId();
  const longId = useId();
  const legalEntityId = useId();
  const form = useForm<OrganizationFormValues>({ defaultValues: emptyOrganizationValues() });
  const { control, getValues, setValue, reset, formState } = form;
  const [problem, setProblem] = useState<string | null>(null);
  // from the first Save (Add Farm) attempt on, every failing field shows its message, kept up to date as it is filled in
  const [attempted, setAttempted] = useState({ save: false, addFarm: false });
  // what the server refused by field (a user name taken meanwhile), until the next attempt
  const [serverMessages, setServerMessages] = useState<Record<string, string>>({});
  const saving = useRef(false);
  const farmKey = useRef(0);

  const levels = useOrganizationLevels(visible);
  const siteTypes = useSiteTypes(visible);
  const regions = useRegions(visible);
  const provinces = useProvinces(visible);
  const legalEntities = useOnboardingLegalEntities(visible);
  const copySources = useCopySources(visible);
  const [organizationName, copySource, region, latitude, longitude, farms] = useWatch({
    control,
    name: ['organization_Name', 'copy_Organization_Source', 'farm.farm_Region', 'farm.latitude', 'farm.longitude', 'farms'],
  });
  const areas = useAreas(region, visible && region !== null);
  // every field: the messages below follow what is typed
  const watched = useWatch({ control }) as OrganizationFormValues;
  const sprayProducts = useSprayProductsCopy(copySource, visible);
  const addRegion = useAddRegion();
  const addArea = useAddArea();
  const addProvince = useAddProvince();
  const create = useCreateOrganization();

  const existingLegalEntities = legalEntities.data ?? [];
  const legalEntityList = legalEntityOptions(organizationName, existingLegalEntities).map((e) =>
    e.id === NEW_LEGAL_ENTITY_ID ? { ...e, label: `${e.name} (${t('organizations.create.newLegalEntity')})` } : { ...e, label: e.name },
  );

  // the box follows what the server says about the chosen source
  const sprayAnswer = sprayProducts.data;
  useEffect(() => {
    if (sprayAnswer) setValue('copy_Spray_Products', sprayAnswer.available && sprayAnswer.copy_Spray_Products);
  }, [sprayAnswer, setValue]);

  // a region, area or province name typed in add mode and not saved is typed data too
  const [placeDrafts, setPlaceDrafts] = useState(NO_PLACE_DRAFTS);
  const close = useCallback(() => {
    reset(emptyOrganizationValues());
    setProblem(null);
    setAttempted({ save: false, addFarm: false });
    setServerMessages({});
    // the pickers go with the dialog's content, without a word
    setPlaceDrafts(NO_PLACE_DRAFTS);
    onHide();
  }, [reset, onHide]);
  type PlaceKind = keyof typeof placeDrafts;
  // the same answer keeps the same state object: no render
  const setPlaceDraft = (kind: PlaceKind) => (typed: boolean) => setPlaceDrafts((d) => (d[kind] === typed ? d : { ...d, [kind]: typed }));
  const guard = useDiscardGuard(formState.isDirty || Object.values(placeDrafts).some(Boolean), close);

  const markerPosition: LatLng | null = (() => {
    // the marker only where both say a place on the globe
    const lat = parseDecimalInput(latitude, culture);
    const lng = parseDecimalInput(longitude, culture);
    return lat === null || lng === null || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180) ? null : { lat, lng };
  })();
  const onMarkerMove = useCallback(
    (at: LatLng) => {
      setValue('farm.latitude', coordinateText(at.lat, culture), { shouldDirty: true });
      setValue('farm.longitude', coordinateText(at.lng, culture), { shouldDirty: true });
    },
    [setValue, culture],
  );

  const saveMessages = attempted.save ? messagesByField(createOrganizationProblems(organizationDraft(getValues(), existingLegalEntities))) : {};
  const farmMessages = attempted.addFarm
    ? messagesByField(
        addFarmProblems(
          farmDraft(getValues('farm'), getValues('legalEntityId'), culture),
          legalEntityChoice(getValues('legalEntityId'), getValues('organization_Name'), existingLegalEntities),
        ),
      )
    : {};
  const messageOf = (field: string) => serverMessages[field] ?? saveMessages[field] ?? null;
  const farmMessageOf = (field: string) => farmMessages[field] ?? null;
  const inviting = isFirstAdministratorInvited(watched.first_Administrator);
  // the legal entity is the organisation's rule, and Add Farm's too
  const legalEntityMessage = messageOf('organization_Legal_Entity') ?? farmMessageOf('organization_Legal_Entity');
  const chosenSource = copySources.data?.find((s) => s.id === copySource);

  const nameOf = <T extends { id: number }>(list: readonly T[] | undefined, id: number | null, pick: (item: T) => string) =>
    list?.find((item) => item.id === id) ? pick(list.find((item) => item.id === id) as T) : '';

  const addFarm = () => {
    const values = getValues();
    const farm = farmDraft(values.farm, values.legalEntityId, culture);
    const found = firstAddFarmProblem(farm, legalEntityChoice(values.legalEntityId, values.organization_Name, existingLegalEntities));
    if (found) {
      setAttempted((a) => ({ ...a, addFarm: true }));
      setProblem(found.message);
      return;
    }
    setAttempted((a) => ({ ...a, addFarm: false }));
    farmKey.current += 1;
    setValue(
      'farms',
      [
        ...values.farms,
        {
          key: farmKey.current,
          farm,
          regionName: nameOf(regions.data, farm.farm_Region ?? null, (r) => r.region_Name),
          areaName: nameOf(areas.data, farm.farm_Area ?? null, (a) => a.area_Name),
          provinceName: nameOf(provinces.data, farm.farm_Province ?? null, (p) => p.province_Name),
        },
      ],
      { shouldDirty: true },
    );
    setValue('farm', newFarmValues(), { shouldDirty: true });
  };

  const removeFarm = (key: number) =>
    setValue(
      'farms',
      getValues('farms').filter((f) => f.key !== key),
      { shouldDirty: true },
    );

  const save = () => {
    if (saving.current) return;
    const draft = organizationDraft(getValues(), existingLegalEntities);
    const found = firstCreateOrganizationProblem(draft);
    setAttempted((a) => ({ ...a, save: true }));
    setServerMessages({});
    if (found) {
      setProblem(found.message);
      return;
    }
    saving.current = true;
    create.mutate(draft, {
      onSuccess: (created) => {
        toast.success(t('organizations.create.success'), t('organizations.create.saved'));
        if (created.firstAdministrator) {
          toast.success(t('organizations.create.invited'), t('organizations.create.invitedDetail', { email: created.firstAdministrator.email }));
        }
        close();
      },
      onError: (e) => {
        if (isApiError(e)) setServerMessages(messagesByField((e.details ?? []).filter((d) => d.field !== undefined).map((d) => ({ field: d.field!, message: d.message }))));
        toast.error(t('organizations.create.errorTitle'), errorText(e));
      },
      onSettled: () => {
        saving.current = false;
      },
    });
  };

  const footer = (
    <div className="dialog-footer">
      <Button type="button" label={t('organizations.create.cancel')} outlined onClick={guard.requestClose} disabled={create.isPending} />
      <Button type="button" label={t('organizations.create.saveNew')} onClick={save} loading={create.isPending} disabled={create.isPending} />
    </div>
  );

  return (
    <>
    <EditorDialog
      guard={guard}
      header={t('organizations.create.title')}
      visible={visible}
      footer={footer}
      className="create-organization-dialog"
      contentClassName="create-organization-content"
      modal
      blockScroll
    >
      <form className="create-organization-form" onSubmit={(e) => e.preventDefault()} noValidate>
        <p className="field-hint create-org-required-note">
          <span className="required-mark" aria-hidden="true">
            *
          </span>{' '}
          {t('organizations.create.requiredNote')}
        </p>
        <Section title={t('organizations.create.organizationDetails')}>
          <div className="field">
            <FieldLabel htmlFor={`${legalEntityId}-name`} label={t('organizations.create.organizationName')} required />
            <Controller
              control={control}
              name="organization_Name"
              render={({ field }) => (
                <InputText
                  id={`${legalEntityId}-name`}
                  value={field.value}
                  onChange={(e) => {
                    const name = e.target.value;
                    field.onChange(name);
                    // the name is copied to the legal entity: the new one (id 0) named after it
                    const chosen = getValues('legalEntityId');
                    if (name.trim() !== '') setValue('legalEntityId', NEW_LEGAL_ENTITY_ID, { shouldDirty: true });
                    else if (chosen === NEW_LEGAL_ENTITY_ID) setValue('legalEntityId', null, { shouldDirty: true });
                  }}
                  onBlur={field.onBlur}
                  invalid={!!messageOf('organization_Name')}
                  {...fieldAria(`${legalEntityId}-name`, { required: true, error: messageOf('organization_Name') })}
                />
              )}
            />
            <FieldMessage id={`${legalEntityId}-name`} error={messageOf('organization_Name')} />
          </div>
          <ChoiceField
            control={control}
            name="organization_Level"
            label={t('organizations.create.organizationLevel')}
            options={levels.data ?? []}
            optionLabel="level_Name"
            loading={levels.isLoading}
            required
            error={messageOf('organization_Level')}
          />
          <div className="field">
            <FieldLabel htmlFor={legalEntityId} label={t('organizations.create.legalEntity')} required />
            <Controller
              control={control}
              name="legalEntityId"
              render={({ field }) => (
                <Dropdown
                  inputId={legalEntityId}
                  value={field.value}
                  options={legalEntityList}
                  optionLabel="label"
                  optionValue="id"
                  onChange={(e) => field.onChange((e.value as number | null | undefined) ?? null)}
                  placeholder={t('organizations.create.select')}
                  loading={legalEntities.isLoading}
                  filter
                  pt={labelledDropdownPt}
                  invalid={!!legalEntityMessage}
                  {...fieldAria(legalEntityId, { required: true, error: legalEntityMessage })}
                />
              )}
            />
            <FieldMessage id={legalEntityId} error={legalEntityMessage} />
          </div>
          <ChoiceField
            control={control}
            name="copy_Organization_Source"
            label={t('organizations.create.copyOrganizationSource')}
            options={copySources.data ?? []}
            optionLabel="name"
            loading={copySources.isLoading}
            required
            error={messageOf('copy_Organization_Source')}
            hint={
              <>
                {t('organizations.create.copySourceHint')}
                {chosenSource && (
                  <>
                    {' '}
                    {chosenSource.roles.length > 0
                      ? t('organizations.create.copySourceRoles', { roles: chosenSource.roles.join(', ') })
                      : t('organizations.create.copySourceNoRoles')}
                  </>
                )}
              </>
            }
          />
          <div className="field">
            <CheckField control={control} name="copy_Spray_Products" label={t('organizations.create.copySprayProducts')} disabled={!sprayAnswer?.available} />
            {sprayAnswer && !sprayAnswer.available && <small className="field-hint">{t('organizations.create.sprayProductsUnavailable')}</small>}
          </div>
        </Section>

        <Section title={t('organizations.create.contact')}>
          <TextField control={control} name="contact_Name" label={t('organizations.create.contactName')} required error={messageOf('contact_Name')} />
          <TextField control={control} name="contact_Surname" label={t('organizations.create.contactSurname')} required error={messageOf('contact_Surname')} />
          <TextField control={control} name="contact_Email" label={t('organizations.create.contactEmail')} type="email" required error={messageOf('contact_Email')} />
          <TextField
            control={control}
            name="contact_Phone_Number"
            label={t('organizations.create.contactPhoneNumber')}
            type="tel"
            required
            error={messageOf('contact_Phone_Number')}
          />
        </Section>

        <fieldset className="create-org-section">
          <legend>{t('organizations.create.superUser')}</legend>
          <Controller control={control} name="super_Users" render={({ field }) => <SuperUserPicker value={field.value} onChange={field.onChange} />} />
        </fieldset>

        <fieldset className="create-org-section" aria-describedby={`${legalEntityId}-first-admin-hint`}>
          <legend>{t('organizations.create.firstAdministrator')}</legend>
          <p id={`${legalEntityId}-first-admin-hint`} className="field-hint create-org-section-hint">
            {t('organizations.create.firstAdministratorHint')}
          </p>
          <div className="create-org-grid">
            <TextField
              control={control}
              name="first_Administrator.user_Name"
              label={t('organizations.create.firstAdministratorUserName')}
              required={inviting}
              error={messageOf('first_Administrator.user_Name')}
              autoComplete="off"
            />
            <TextField
              control={control}
              name="first_Administrator.email"
              label={t('organizations.create.firstAdministratorEmail')}
              type="email"
              required={inviting}
              error={messageOf('first_Administrator.email')}
              autoComplete="off"
            />
            <TextField
              control={control}
              name="first_Administrator.full_Name"
              label={t('organizations.create.firstAdministratorFullName')}
              error={messageOf('first_Administrator.full_Name')}
              autoComplete="off"
            />
          </div>
        </fieldset>

        <fieldset className="create-org-section">
          <legend>{t('organizations.create.farmDetails')}</legend>
          <div className="create-org-farm">
            <div className="create-org-grid">
              <TextField control={control} name="farm.farm_Name" label={t('organizations.create.farmName')} required error={farmMessageOf('farm_Name')} />
              <Controller
                control={control}
                name="farm.farm_Region"
                render={({ field }) => (
                  <PlacePicker
                    label={t('organizations.create.region')}
                    newLabel={t('organizations.create.newRegion')}
                    addLabel={t('organizations.create.addRegion')}
                    options={(regions.data ?? []).map((r) => ({ id: r.id, name: r.region_Name }))}
                    value={field.value}
                    onChange={(id) => {
                      field.onChange(id);
                      // choosing a region filters the areas to it
                      setValue('farm.farm_Area', null, { shouldDirty: true });
                    }}
                    onAdd={async (name) => (await addRegion.mutateAsync({ region_Name: name })).id}
                    adding={addRegion.isPending}
                    loading={regions.isLoading}
                    onDraftChange={setPlaceDraft('region')}
                    required
                    error={farmMessageOf('farm_Region')}
                  />
                )}
              />
              <Controller
                control={control}
                name="farm.farm_Area"
                render={({ field }) => (
                  <PlacePicker
                    label={t('organizations.create.area')}
                    newLabel={t('organizations.create.newArea')}
                    addLabel={t('organizations.create.addArea')}
                    options={region === null ? [] : (areas.data ?? []).map((a) => ({ id: a.id, name: a.area_Name }))}
                    value={field.value}
                    onChange={field.onChange}
                    onAdd={async (name) => (await addArea.mutateAsync({ area_Name: name, region: region as number })).id}
                    adding={addArea.isPending}
                    addDisabledHint={region === null ? t('organizations.create.areaNeedsRegion') : null}
                    loading={areas.isLoading && region !== null}
                    onDraftChange={setPlaceDraft('area')}
                    required
                    error={farmMessageOf('farm_Area')}
                  />
                )}
              />
              <Controller
                control={control}
                name="farm.farm_Province"
                render={({ field }) => (
                  <PlacePicker
                    label={t('organizations.create.province')}
                    newLabel={t('organizations.create.newProvince')}
                    addLabel={t('organizations.create.addProvince')}
                    options={(provinces.data ?? []).map((p) => ({ id: p.id, name: p.province_Name }))}
                    value={field.value}
                    onChange={field.onChange}
                    onAdd={async (name) => (await addProvince.mutateAsync({ province_Name: name })).id}
                    adding={addProvince.isPending}
                    loading={provinces.isLoading}
                    onDraftChange={setPlaceDraft('province')}
                    required
                    error={farmMessageOf('farm_Province')}
                  />
                )}
              />
              <div className="field">
                <FieldLabel htmlFor={latId} label={t('organizations.create.latitude')} required />
                <Controller
                  control={control}
                  name="farm.latitude"
                  render={({ field }) => (
                    <InputText
                      id={latId}
                      inputMode="decimal"
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      invalid={!!farmMessageOf('farm_Lat')}
                      {...fieldAria(latId, { required: true, error: farmMessageOf('farm_Lat'), hintId: `${latId}-hint` })}
                    />
                  )}
                />
                <FieldMessage id={latId} error={farmMessageOf('farm_Lat')} />
              </div>
              <div className="field">
                <FieldLabel htmlFor={longId} label={t('organizations.create.longitude')} required />
                <Controller
                  control={control}
                  name="farm.longitude"
                  render={({ field }) => (
                    <InputText
                      id={longId}
                      inputMode="decimal"
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      invalid={!!farmMessageOf('farm_Long')}
                      {...fieldAria(longId, { required: true, error: farmMessageOf('farm_Long'), hintId: `${latId}-hint` })}
                    />
                  )}
                />
                <FieldMessage id={longId} error={farmMessageOf('farm_Long')} />
              </div>
            </div>
            <div className="create-org-map">
              {visible && <FarmMap position={markerPosition} onMove={onMarkerMove} label={t('organizations.create.map')} />}
              <small id={`${latId}-hint`} className="field-hint">
                {t('organizations.create.mapHint')}
              </small>
            </div>
          </div>
        </fieldset>

        <Section title={t('organizations.create.farmSpecifications')}>
          <CheckField control={control} name="farm.auto_Schedule" label={t('organizations.create.autoSchedule')} />
          <CheckField control={control} name="farm.block_Daily_Auto" label={t('organizations.create.blockDailyAuto')} />
          <CheckField control={control} name="farm.public_Holidays" label={t('organizations.create.publicHolidays')} />
          <CheckField control={control} name="farm.saturdays" label={t('organizations.create.saturdays')} />
          <CheckField control={control} name="farm.sundays" label={t('organizations.create.sundays')} />
          <CountField control={control} name="farm.max_Observation_Points" label={t('organizations.create.maxObservationPoints')} error={farmMessageOf('max_Observation_Points')} />
          <CountField control={control} name="farm.observation_Sites" label={t('organizations.create.observationSites')} error={farmMessageOf('observation_Sites')} />
          <ChoiceField control={control} name="farm.site_Type" label={t('organizations.create.siteType')} options={siteTypes.data ?? []} optionLabel="description" loading={siteTypes.isLoading} />
        </Section>

        <div className="create-org-add-farm">
          <Button type="button" icon="pi pi-plus" label={t('organizations.create.addFarm')} onClick={addFarm} />
        </div>

        <section className="create-org-section create-org-farms" aria-label={t('organizations.create.farmsCaption')}>
          <h2>{t('organizations.create.farms')}</h2>
          <FieldError message={messageOf('farms')} />
          {farms.length === 0 ? (
            <p className="field-hint">{t('organizations.create.noFarms')}</p>
          ) : (
            <ul className="create-org-farm-list">
              {farms.map((f) => (
                <li key={f.key}>
                  <span className="create-org-farm-text">
                    <strong>{f.farm.farm_Name}</strong>
                    <span>{[f.regionName, f.areaName, f.provinceName].filter(Boolean).join(' / ')}</span>
                    <span>
                      {f.farm.farm_Lat}, {f.farm.farm_Long}
                    </span>
                  </span>
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    severity="danger"
                    aria-label={t('organizations.create.removeFarm', { name: f.farm.farm_Name })}
                    title={t('organizations.create.remove')}
                    onClick={() => removeFarm(f.key)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </form>
    </EditorDialog>
      {/* beside the editor, not in it: its Escape and clicks must not reach the editor's guard */}
      <ProblemDialog problem={problem} onClose={() => setProblem(null)} />
    </>
  );
}
