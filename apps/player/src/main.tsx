import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ANTD_LOCALES } from './app/antd-locales';
import { renderAntdWithReact19 } from './app/antd-render';
import { api } from './app/api';
import { homePrefetchWanted, prefetchHome } from './app/prefetch';
import { preloadScreen } from './app/routes';
import { getLocale, hasSession } from './app/session';
import { HTML_LANG, initI18n, loadLocale } from './i18n';
import './app/theme.css';

renderAntdWithReact19();

/** Turns the entry's preloaded stylesheets (see `nonBlockingCss` in vite.config.ts) into stylesheets; resolves once they apply. */
function applyEntryCss(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-entry-css]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  );
}

async function start(): Promise<void> {
  // The home screen's calls start now, beside its chunk and the screen texts, instead of after the first render. (The
  // API client is part of every first screen's JavaScript anyway: login and home both call it.)
  if (homePrefetchWanted(window.location.pathname, hasSession())) prefetchHome(api);
  const screen = preloadScreen(window.location.pathname, hasSession());
  const css = applyEntryCss();
  const locale = getLocale();
  const [texts] = await Promise.all([loadLocale(locale), screen]);
  initI18n(locale, texts);
  document.documentElement.lang = HTML_LANG[locale];
  setDefaultConfig({ locale: ANTD_LOCALES[locale] });
  const el = document.getElementById('root');
  if (el === null) return;
  // The first screen's chunk is here too, so the first render shows it at once (no Suspense fallback).
  await css;
  // The first render as a transition: React renders it in slices that yield to the browser every few milliseconds,
  // instead of one long task (home's first render was a task of about 280 ms on a slow phone's CPU).
  const root = createRoot(el);
  startTransition(() => {
    root.render(
      <StrictMode>
        <ConfigProvider locale={ANTD_LOCALES[locale]}>
          <App />
        </ConfigProvider>
      </StrictMode>,
    );
  });
}

void start();

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
