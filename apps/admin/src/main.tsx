import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n, initialLocale } from './i18n/i18n';
import { readSession } from './session';

// Signed out: start on the login page itself. Left to react-admin, `requireAuth` renders its LogoutOnMount catch-all,
// whose logout -> navigate -> clear cycle repeated some 2,000 times (12-18 s of blank page in Chromium) before the
// login route won (issue 26 point 8); with the hash at #/login from the first render the form shows at once.
if (readSession() === null && !/^#\/login\b/.test(window.location.hash)) window.history.replaceState(null, '', '#/login');

const root = document.getElementById('root');
if (root === null) throw new Error('#root missing');
// The texts of the staff member's language load before the first render: never a raw key on screen.
void initI18n(initialLocale()).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
