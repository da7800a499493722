import { OFFLINE_TEXT, useOnline } from './delivery';

/** Under the app's bar while the browser has no connection (docs/reporter-app.md#offline). */
export function OfflineBanner() {
  if (useOnline()) return null;
  return (
    <p role="status" data-testid="offline" className="bg-amber-100 text-sm text-amber-950">
      <span className="mx-auto block max-w-2xl px-4 py-1.5">{OFFLINE_TEXT}</span>
    </p>
  );
}
