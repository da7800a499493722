import { useState, type ReactNode } from 'react';
import type { Campus } from '@campus-safety/model';
import { IncidentsMap } from '../../../components/map';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { Incident } from '../../../data/incidents';

/**
 * From this width on the map stands beside the list; below it (the list's columns need the room),
 * a toggle shows one or the other.
 */
const BESIDE_QUERY = '(min-width: 112rem)';

type View = 'list' | 'map';

/**
 * The reports list with its map: the map shows exactly the rows the list shows (this page, after
 * the filters and the search), so it costs no read of its own.
 */
export function ListWithMap({
  rows,
  campuses,
  onOpen,
  children,
}: {
  rows: readonly Incident[];
  /** The campuses the scope and filters allow. */
  campuses: readonly Campus[];
  onOpen: (id: string) => void;
  children: ReactNode;
}) {
  const beside = useMediaQuery(BESIDE_QUERY);
  const [view, setView] = useState<View>('list');
  const showList = beside || view === 'list';
  const showMap = beside || view === 'map';
  return (
    <>
      {!beside && (
        <div
          role="group"
          aria-label="Show the reports as"
          className="mb-3 inline-flex rounded-md shadow-sm"
        >
          {(['list', 'map'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`border border-slate-300 px-4 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md ${
                view === v ? 'bg-sky-800 text-white' : 'bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              {v === 'list' ? 'List' : 'Map'}
            </button>
          ))}
        </div>
      )}
      <div className={beside ? 'grid grid-cols-[minmax(0,1fr)_26rem] items-start gap-4' : ''}>
        {showList && <div className="min-w-0">{children}</div>}
        {showMap && (
          <section aria-label="Reports on the map">
            <IncidentsMap incidents={rows} campuses={campuses} onOpen={onOpen} />
            <p className="mt-1 text-xs text-slate-600">
              The map shows the {rows.length} {rows.length === 1 ? 'report' : 'reports'} listed on
              this page.
            </p>
          </section>
        )}
      </div>
    </>
  );
}
