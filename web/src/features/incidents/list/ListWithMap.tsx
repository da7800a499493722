import { useState, type ReactNode } from 'react';
import type { CampusId } from '@campus-safety/model';
import { IncidentsMap } from '../../../components/map';
import { ListState } from '../../../components/States';
import { incidentPageSpec } from '../../../data/incidents';
import { useLiveQuery } from '../../../data/live-query';
import type { WhereSpec } from '../../../data/spec';
import { useMediaQuery } from '../../../lib/use-media-query';
import { mapCaption } from './map-caption';

/**
 * From this width on the map stands beside the list; below it (the list's columns need the room),
 * a toggle shows one or the other.
 */
const BESIDE_QUERY = '(min-width: 112rem)';

type View = 'list' | 'map';

/**
 * The most reports the map holds: the newest of the match. Its reads are counted on top of the
 * list's page, and only while the map is shown (docs/console.md, "Incident maps").
 */
export const MAP_LIMIT = 500;

/**
 * The reports list with its map: the map shows every report that matches the list's scope,
 * filters and search (not just this page), up to `MAP_LIMIT`, and says how many.
 */
export function ListWithMap({
  wheres,
  total,
  campuses,
  onOpen,
  children,
}: {
  /** The list's query filters (scope, filters, search). */
  wheres: readonly WhereSpec[];
  /** The server's count of the whole match (the pager's), null while counted or if it failed. */
  total: number | null;
  /** The campuses the scope and filters allow. */
  campuses: readonly CampusId[];
  onOpen: (id: string) => void;
  children: ReactNode;
}) {
  const beside = useMediaQuery(BESIDE_QUERY);
  const [view, setView] = useState<View>('list');
  const showList = beside || view === 'list';
  const showMap = beside || view === 'map';
  // Read only while the map is on screen.
  const mapped = useLiveQuery(showMap ? incidentPageSpec(wheres, MAP_LIMIT, null) : null);
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
            <ListState live={mapped} isEmpty={false} emptyTitle="">
              <IncidentsMap incidents={mapped.data} campuses={campuses} onOpen={onOpen} />
              <p className="mt-1 text-xs text-slate-600">
                {mapCaption({ shown: mapped.data.length, limit: MAP_LIMIT, total })}
              </p>
            </ListState>
          </section>
        )}
      </div>
    </>
  );
}
