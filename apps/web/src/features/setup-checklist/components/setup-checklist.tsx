/**
 * The setup checklist on the dashboard: the steps from an empty organisation to its first PUC report
 * and picking row, each done or not (the server decides), each linking to the screen where it is
 * taken when the user may open that screen. Shown to members who may act on at least one step, until
 * every step is done; it then leaves the dashboard for good (nothing to dismiss).
 */
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SETUP_CHECKLIST_PERMISSIONS, SETUP_STEP_PERMISSIONS, type SetupStep } from '@orchard/shared/setup-checklist';
import { farmSetupTabPath, paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-error';
import { menuHasScreen } from '../../../lib/session/menu-utils';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { useSetupChecklist } from '../api/get-checklist';
import './setup-checklist.css';

/** where each step is taken: the screen the menu must hold, and the address the link opens */
const STEP_SCREENS: Readonly<Record<SetupStep, { screen: string; to: string }>> = {
  legalEntity: { screen: paths.managementFarmSetup, to: farmSetupTabPath('legalEntities') },
  farms: { screen: paths.managementFarmSetup, to: farmSetupTabPath('farms') },
  pucs: { screen: paths.managementFarmSetup, to: farmSetupTabPath('pucs') },
  productionBlocks: { screen: paths.managementFarmSetup, to: farmSetupTabPath('blocks') },
  packhouses: { screen: paths.managementPackhouses, to: paths.managementPackhouses },
  // Settings is opened from the top bar, not the menu; its Users tab needs the users permissions
  userFarms: { screen: paths.settings, to: paths.settingsUsers },
  bins: { screen: paths.harvest, to: paths.harvest },
  pickingRows: { screen: paths.pickingSchedulePuc, to: paths.pickingSchedulePuc },
};

export function SetupChecklist() {
  const { t } = useTranslation();
  const { menu, hasPermission } = useSessionContext();
  const mayAct = SETUP_CHECKLIST_PERMISSIONS.some((permission) => hasPermission(permission));
  const checklist = useSetupChecklist(mayAct);
  if (!mayAct) return null;
  if (checklist.error) return <Message severity="error" text={errorText(checklist.error) || t('setupChecklist.loadFailed')} className="setup-checklist-error" />;
  const steps = checklist.data?.steps;
  if (!steps || steps.every((s) => s.done)) return null;
  const done = steps.filter((s) => s.done).length;
  const reachable = (step: SetupStep) => {
    const { screen } = STEP_SCREENS[step];
    return hasPermission(SETUP_STEP_PERMISSIONS[step]) && (screen === paths.settings || menuHasScreen(menu, screen));
  };

  return (
    <section className="setup-checklist" aria-labelledby="setup-checklist-heading">
      <h2 id="setup-checklist-heading">{t('setupChecklist.heading')}</h2>
      <p className="setup-checklist-intro">{t('setupChecklist.intro')}</p>
      <p className="setup-checklist-progress" aria-live="polite">
        {t('setupChecklist.progress', { done, total: steps.length })}
      </p>
      <ol className="setup-checklist-steps">
        {steps.map(({ step, done: stepDone }) => (
          <li key={step} className={stepDone ? 'setup-step setup-step-done' : 'setup-step'} data-step={step}>
            <i className={stepDone ? 'pi pi-check-circle' : 'pi pi-circle'} aria-hidden="true" />
            <div className="setup-step-text">
              <span className="setup-step-title">{t(`setupChecklist.steps.${step}.title`)}</span>
              <span className="setup-step-state">{stepDone ? t('setupChecklist.done') : t(`setupChecklist.steps.${step}.hint`)}</span>
            </div>
            {!stepDone &&
              (reachable(step) ? (
                <Link to={STEP_SCREENS[step].to} className="setup-step-link">
                  {t(`setupChecklist.steps.${step}.action`)}
                </Link>
              ) : (
                <span className="setup-step-other">{t('setupChecklist.askSomeoneElse')}</span>
              ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
