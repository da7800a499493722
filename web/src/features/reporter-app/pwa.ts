import { useEffect } from 'react';
import { APP_SCOPE } from '../../lib/app-scope';

/** The reporter app's web manifest and service worker (web/public; docs/reporter-app.md). */
export const MANIFEST_URL = '/app.webmanifest';
export const SERVICE_WORKER_URL = '/app-sw.js';
const THEME_COLOUR = '#075985';

/** Adds `tag` to the document head while the app is shown: the console's pages never carry it. */
function useHeadElement(tag: 'link' | 'meta', attributes: Record<string, string>) {
  const key = JSON.stringify(attributes);
  useEffect(() => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>))
      element.setAttribute(name, value);
    document.head.appendChild(element);
    return () => element.remove();
  }, [tag, key]);
}

/**
 * Makes the app installable while one of its pages is shown: the manifest link and theme colour
 * in the head, and the service worker registered for the /app scope only (a built app: the dev
 * server's modules must not be cached).
 */
export function useInstallableApp() {
  useHeadElement('link', { rel: 'manifest', href: MANIFEST_URL });
  useHeadElement('meta', { name: 'theme-color', content: THEME_COLOUR });
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: APP_SCOPE })
      .catch((error: unknown) =>
        console.error('The app could not be made available offline', error),
      );
  }, []);
}
