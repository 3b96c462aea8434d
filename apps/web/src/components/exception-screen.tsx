/** The generic exception screens (docs/domain.md, The menu): heading, text and RETURN TO DASHBOARD to "/". */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';

export interface ExceptionScreenProps {
  icon: string;
  heading: string;
  text: string;
  /** exception pages reached without the shell render their own main landmark */
  standalone?: boolean;
}

export function ExceptionScreen({ icon, heading, text, standalone = true }: ExceptionScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const content = (
    <section className="exception-screen" aria-labelledby="exception-heading">
      <i className={`pi ${icon} exception-icon`} aria-hidden="true" />
      <h1 id="exception-heading">{heading}</h1>
      <p>{text}</p>
      <Button label={t('exceptions.returnToDashboard')} icon="pi pi-home" onClick={() => void navigate(paths.home)} />
    </section>
  );
  return standalone ? (
    <main id="main-content" className="exception-page">
      {content}
    </main>
  ) : (
    content
  );
}
