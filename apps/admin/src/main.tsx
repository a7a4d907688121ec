import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n, initialLocale } from './i18n/i18n';

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
