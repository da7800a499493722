/** The reports screen's two views: what needs action (default) and every report, newest first. */
export type ReportsView = 'triage' | 'all';

/** The view a URL names (`?view=all`); anything else is the triage view. */
export function reportsViewOf(params: URLSearchParams): ReportsView {
  return params.get('view') === 'all' ? 'all' : 'triage';
}

export function ReportsViewSwitch({
  view,
  onChange,
}: {
  view: ReportsView;
  onChange: (view: ReportsView) => void;
}) {
  const option = (value: ReportsView, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === value ? 'bg-sky-700 text-white' : 'bg-white text-slate-800 hover:bg-slate-100'}`}
    >
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Reports view"
      className="mb-4 inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-1"
    >
      {option('triage', 'Needs action')}
      {option('all', 'All reports')}
    </div>
  );
}
