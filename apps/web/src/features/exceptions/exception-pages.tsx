/** Not found, error and access denied (docs/domain.md, The menu). */
import { useTranslation } from 'react-i18next';
import { ExceptionScreen } from '../../components/exception-screen';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ExceptionScreen icon="pi-search" heading={t('exceptions.notFoundHeading')} text={t('exceptions.notFoundText')} />;
}

export function ErrorPage() {
  const { t } = useTranslation();
  return <ExceptionScreen icon="pi-exclamation-triangle" heading={t('exceptions.errorHeading')} text={t('exceptions.errorText')} />;
}

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return <ExceptionScreen icon="pi-lock" heading={t('exceptions.accessDeniedHeading')} text={t('exceptions.accessDeniedText')} />;
}
