/** The reporter app's path prefix: its routes, its service worker's scope, its local cache. */
export const APP_SCOPE = '/app';

/** Whether `pathname` is one of the reporter app's pages (`/app`, `/app/…`), not `/apple`. */
export function inReporterApp(pathname: string): boolean {
  return pathname === APP_SCOPE || pathname.startsWith(`${APP_SCOPE}/`);
}
