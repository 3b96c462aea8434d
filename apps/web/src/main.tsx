import 'primeicons/primeicons.css';
import './styles.css';
import './lib/i18n-core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { APP_DEFAULT_THEME_ID } from '@orchard/shared';
import { applyTheme } from './lib/theme';
import { startThemeSync } from './lib/theme-session';
import { startServiceWorker } from './lib/offline/register-service-worker';

// the default theme before the first render; the user's own once signed in (or restored)
void applyTheme(APP_DEFAULT_THEME_ID);
startThemeSync();
// the offline shell (production builds only)
startServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
