import type { ReportsList } from './url-state';

export function ReportsViewSwitch({
  view,
  onChange,
}: {
  view: ReportsList;
  onChange: (view: ReportsList) => void;
}) {
  const option = (value: ReportsList, label: string) => (
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
