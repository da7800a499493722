import { createPortal } from 'react-dom';
import { useToasts, type ToastTone } from './toast-store';

const TONES: Record<ToastTone, string> = {
  success: 'border-green-600 bg-green-50 text-green-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-sky-600 bg-sky-50 text-sky-900',
  // The new-incident alert is orange (docs/requirements.md#new-incident-alert).
  alert: 'border-orange-800 bg-orange-700 text-white',
};

export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  // A direct child of <body>, outside the app root that an open dialog makes inert, so toasts
  // stay announced and clickable while a dialog is open. Bottom right, newest last: the filters
  // and page actions sit at the top and stay uncovered.
  return createPortal(
    <div
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.tone === 'error' || t.tone === 'alert' ? 'alert' : 'status'}
          data-tone={t.tone}
          className={`pointer-events-auto rounded-md border-l-4 p-3 shadow-lg ${TONES[t.tone]}`}
        >
          <div className="flex items-start justify-between gap-2">
            <div>
              <p className="font-semibold">{t.title}</p>
              {t.message && <p className="mt-1 text-sm">{t.message}</p>}
              {t.actions && t.actions.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-2">
                  {t.actions.map((action) => (
                    <button
                      key={action.label}
                      type="button"
                      onClick={() => {
                        dismiss(t.id);
                        action.onClick();
                      }}
                      className="rounded border border-current px-2 py-1 text-sm font-semibold"
                    >
                      {action.label}
                    </button>
                  ))}
                </div>
              )}
            </div>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              className="rounded px-1 text-lg leading-none opacity-80 hover:opacity-100"
              aria-label={`Dismiss ${t.title}`}
            >
              ×
            </button>
          </div>
        </div>
      ))}
    </div>,
    document.body,
  );
}
