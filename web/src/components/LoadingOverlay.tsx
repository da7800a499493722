export function LoadingOverlay({
  fullScreen = false,
  label = 'Loading…',
}: {
  fullScreen?: boolean;
  label?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`${fullScreen ? 'fixed inset-0 z-50' : 'absolute inset-0 z-10 min-h-48'} flex items-center justify-center bg-white/80`}
    >
      <span
        aria-hidden
        className="mr-3 size-6 animate-spin rounded-full border-4 border-sky-700 border-t-transparent"
      />
      <span className="text-slate-700">{label}</span>
    </div>
  );
}
