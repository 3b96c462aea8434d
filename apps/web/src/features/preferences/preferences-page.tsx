/**
 * User Preference (docs/domain.md, Preferences): the theme dropdown (switches at once, saved per user),
 * the defaults helpers behind confirmations, and the view flags as read-only indicators.
 */
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_IDS, type ThemeId } from '@orchard/shared/preferences';
import { errorText } from '../../lib/api-error';
import { applyTheme, currentThemeId } from '../../lib/theme';
import { themeLabel } from '../../lib/theme-urls';
import { toast } from '../../lib/toast';
import { getPreferenceDefaults } from './api/get-defaults';
import { usePreferences } from './api/get-preferences';
import { useResetDefaults, useSetCurrentAsDefault } from './api/update-defaults';
import { useUpdateTheme } from './api/update-theme';
import './preferences.css';

const CONFIRM_GROUP = 'preferences';

const joined = (...parts: string[]) => parts.filter(Boolean).join('\n');

export function PreferencesPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const preferences = usePreferences();
  const updateTheme = useUpdateTheme();
  const resetDefaults = useResetDefaults();
  const setAsDefault = useSetCurrentAsDefault();
  const [theme, setTheme] = useState<ThemeId>(currentThemeId());
  const [reloading, setReloading] = useState(false);
  const [source, setSource] = useState<ThemeId | undefined>(undefined);
  const saved = preferences.data?.themeId;
  if (saved && saved !== source) {
    setSource(saved);
    setTheme(saved);
  }

  useEffect(() => {
    if (preferences.isError) toast.error(t('preferences.loadError'), joined(t('preferences.loadErrorDetail'), errorText(preferences.error)));
  }, [preferences.isError, preferences.error, t]);

  const options = useMemo(
    () => THEME_IDS.map((value) => ({ value, label: t(`preferences.themes.${value}`, { defaultValue: themeLabel(value) }) })),
    // re-labelled when the language changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );

  /** Switch at once, then save; a failed save puts the previous theme back. */
  const chooseTheme = async (next: ThemeId) => {
    const previous = theme;
    setTheme(next);
    void applyTheme(next);
    try {
      await updateTheme.mutateAsync(next);
    } catch (e) {
      setTheme(previous);
      void applyTheme(previous);
      toast.error(t('preferences.themeSaveError'), joined(t('preferences.themeSaveErrorDetail'), errorText(e)));
    }
  };

  const confirm = (message: string, accept: () => void) =>
    confirmDialog({
      group: CONFIRM_GROUP,
      header: t('preferences.confirmTitle'),
      message,
      icon: 'pi pi-question-circle',
      acceptLabel: t('shell.yes'),
      rejectLabel: t('shell.no'),
      accept,
      reject: () => toast.info(t('preferences.operationCancelled')),
    });

  const reloadDefaults = async () => {
    setReloading(true);
    try {
      const defaults = await getPreferenceDefaults();
      setTheme(defaults.themeId);
      await applyTheme(defaults.themeId);
      await updateTheme.mutateAsync(defaults.themeId);
      toast.success(t('preferences.defaultsLoaded'));
    } catch (e) {
      toast.error(t('preferences.loadError'), joined(t('preferences.loadErrorDetail'), errorText(e)));
    } finally {
      setReloading(false);
    }
  };

  const reset = async () => {
    try {
      await resetDefaults.mutateAsync();
    } catch (e) {
      toast.error(t('preferences.saveError'), joined(t('preferences.resetErrorDetail'), errorText(e)));
      return;
    }
    toast.success(t('preferences.resetSuccess'), t('preferences.resetSuccessDetail'));
    await reloadDefaults();
  };

  const saveAsDefault = async () => {
    try {
      await setAsDefault.mutateAsync();
      toast.success(t('preferences.defaultsSaved'), t('preferences.defaultsSavedDetail'));
    } catch (e) {
      toast.error(t('preferences.saveError'), joined(t('preferences.setDefaultErrorDetail'), errorText(e)));
    }
  };

  const busy = reloading || resetDefaults.isPending || setAsDefault.isPending || preferences.isLoading;
  const flags = preferences.data?.viewFlags;
  const defaultTheme = preferences.data?.defaultThemeId;

  return (
    <div className="preferences-page">
      <section className="preferences-section" aria-labelledby={`${id}-theme`}>
        <h2 id={`${id}-theme`}>{t('preferences.title')}</h2>
        <div className="field">
          <label htmlFor={`${id}-theme-input`}>{t('preferences.theme')}</label>
          <Dropdown
            key={i18n.language}
            inputId={`${id}-theme-input`}
            value={theme}
            options={options}
            optionLabel="label"
            optionValue="value"
            filter
            disabled={preferences.isLoading}
            onChange={(e) => void chooseTheme(e.value as ThemeId)}
            className="preferences-theme"
            pt={{
              // PrimeReact's aria-activedescendant on the root div is invalid, its hidden select and
              // trigger duplicate the combobox (axe): hide them from assistive technology
              root: { 'aria-activedescendant': undefined } as never,
              select: { 'aria-hidden': true } as never,
              trigger: { 'aria-hidden': true, role: undefined } as never,
              filterInput: { 'aria-label': t('preferences.theme') } as never,
            }}
          />
        </div>
        <p className="preferences-default" data-testid="preferences-default">
          {defaultTheme ? t('preferences.savedDefault', { theme: themeLabel(defaultTheme) }) : t('preferences.noSavedDefault')}
        </p>
      </section>
      <section className="preferences-section" aria-labelledby={`${id}-helpers`}>
        <h2 id={`${id}-helpers`}>{t('preferences.helpers')}</h2>
        <div className="preferences-actions">
          <Button
            type="button"
            icon="pi pi-refresh"
            label={t('preferences.reloadDefaults')}
            disabled={busy}
            onClick={() => confirm(t('preferences.confirmReload'), () => void reloadDefaults())}
          />
          <Button
            type="button"
            icon="pi pi-save"
            label={t('preferences.setCurrentAsDefault')}
            disabled={busy}
            onClick={() => confirm(t('preferences.confirmSetDefault'), () => void saveAsDefault())}
          />
          <Button
            type="button"
            icon="pi pi-undo"
            label={t('preferences.resetDefaults')}
            disabled={busy}
            onClick={() => confirm(t('preferences.confirmReset'), () => void reset())}
          />
        </div>
      </section>
      <section className="preferences-section" aria-labelledby={`${id}-flags`}>
        <h2 id={`${id}-flags`}>{t('preferences.viewFlags')}</h2>
        <ul className="preferences-flags">
          {(['customers', 'products', 'orders'] as const).map((flag) => {
            const allowed = flags?.[flag] ?? false;
            return (
              <li key={flag} data-flag={flag} data-allowed={flags ? String(allowed) : undefined}>
                <i className={allowed ? 'pi pi-check-circle' : 'pi pi-times-circle'} aria-hidden="true" />
                <span>{t(`preferences.${flag}`)}</span>
                <span className="preferences-flag-state">{flags ? t(allowed ? 'preferences.allowed' : 'preferences.notAllowed') : ''}</span>
              </li>
            );
          })}
        </ul>
      </section>
      <ConfirmDialog group={CONFIRM_GROUP} />
    </div>
  );
}

export default PreferencesPage;
