import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isStaffRole } from '@campus-safety/model';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { Pager, Table } from '../../components/Table';
import { incidentPageSpec } from '../../data/incidents';
import { useLiveQuery } from '../../data/live-query';
import type { IncidentScope } from '../../data/scopes';
import { TIME_ZONE } from '../../lib/format';
import { useAuth } from '../../session/store';
import { IncidentDetail, type AccomplishDialog } from './IncidentDetail';
import { IncidentFiltersBar } from './IncidentFilters';
import { incidentQuerySpec, matchesSearch } from './query-spec';
import { PAGE_SIZE, useIncidentList } from './store';
import { ReportsViewSwitch, reportsViewOf } from './ReportsViewSwitch';
import { incidentColumns, TriageQueues, useUnreadRowClass } from './TriageQueue';

export default function IncidentsPage({
  archived = false,
  accomplishDialog,
}: {
  archived?: boolean;
  accomplishDialog: AccomplishDialog;
}) {
  const profile = useAuth((s) => s.profile);
  const uid = useAuth((s) => s.user?.uid ?? '');
  const { filters, cursors, page, nextPage, previousPage, firstPage } = useIncidentList();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const view = archived ? 'all' : reportsViewOf(params);
  const rowClass = useUnreadRowClass();

  const scope: IncidentScope = {
    role: profile?.role ?? null,
    uid,
    campus: profile?.campus ?? null,
    archived,
  };
  const spec = incidentQuerySpec(scope, filters, TIME_ZONE);

  useEffect(() => firstPage(), [archived, firstPage]);

  const cursor = page > 0 ? (cursors[page - 1] ?? null) : null;
  // One row more than a page tells whether a next page exists without counting every report.
  const list = useLiveQuery(
    view === 'all' ? incidentPageSpec(spec.wheres, PAGE_SIZE + 1, cursor) : null,
  );
  const pageRows = list.data.slice(0, PAGE_SIZE);
  const hasNext = list.data.length > PAGE_SIZE;
  const rows = pageRows.filter((r) => matchesSearch(r, filters.search));
  const open = (id: string) => {
    params.set('id', id);
    setParams(params);
  };

  const columns = incidentColumns(open);

  const lastRow = pageRows[pageRows.length - 1];
  return (
    <>
      <PageHeader
        title={archived ? 'Archived incident reports' : 'Incident reports'}
        subtitle={[
          profile?.role === 'IMT' ? (profile.campus ?? 'No campus') : null,
          view === 'all' ? 'newest first' : 'unassigned first, then the longest waiting',
        ]
          .filter(Boolean)
          .join(' · ')}
      />
      {!archived && (
        <ReportsViewSwitch
          view={view}
          onChange={(next) => {
            if (next === 'all') params.set('view', 'all');
            else params.delete('view');
            setParams(params);
          }}
        />
      )}
      {view === 'triage' && <TriageQueues scope={scope} open={open} />}
      {view === 'all' && (
        <>
          <IncidentFiltersBar
            showCampus={profile?.role !== 'IMT'}
            showTags={isStaffRole(profile?.role)}
          />
          <ListState
            live={list}
            isEmpty={rows.length === 0 && page === 0}
            emptyTitle={archived ? 'No archived reports' : 'No incident reports'}
            emptyHint="Nothing matches the current filters."
          >
            <Table
              caption="Incident reports"
              columns={columns}
              rows={rows}
              rowKey={(r) => r.id}
              rowClassName={rowClass}
            />
            {filters.search && !filters.search.includes('@') && (
              <p className="mt-2 text-xs text-slate-500">
                Search covers the rows of this page; use filters to narrow all reports.
              </p>
            )}
            <Pager
              page={page + 1}
              hasPrevious={page > 0}
              hasNext={hasNext}
              onPrevious={previousPage}
              onNext={() => lastRow && nextPage(lastRow.snapshot)}
              summary={`reports ${page * PAGE_SIZE + 1}–${page * PAGE_SIZE + pageRows.length}`}
            />
          </ListState>
        </>
      )}
      {openId && (
        <IncidentDetail
          id={openId}
          accomplishDialog={accomplishDialog}
          onClose={() => {
            params.delete('id');
            setParams(params);
          }}
        />
      )}
    </>
  );
}
