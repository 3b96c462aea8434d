import 'primeicons/primeicons.css';
import './styles.css';
import './lib/i18n-core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { APP_DEFAULT_THEME_ID } from '@orchard/shared/preferences';
import { applyTheme } from './lib/theme';
import { startThemeSync } from './lib/theme-session';
import { startServiceWorker } from './lib/offline/register-service-worker';
import { bootstrapSession } from './lib/session/bootstrap';
import { skipUnchangedPrimeReactStyles } from './lib/primereact-styles';
import { startTableScrollCues } from './lib/table-scroll-cue';

// PrimeReact's styles written once, not again at every mount (primereact-styles.ts)
skipUnchangedPrimeReactStyles();
// the default theme before the first render; the user's own once signed in (or restored)
void applyTheme(APP_DEFAULT_THEME_ID);
startThemeSync();
// every table that scrolls sideways shows it at the clipped edge (table-scroll-cue.ts)
startTableScrollCues();
// the offline shell (production builds only)
startServiceWorker();
// the silent refresh goes out before the first render and the chunks that render asks for, which
// would otherwise hold the main thread while the request waits to be sent (App calls it again: once)
void bootstrapSession();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
