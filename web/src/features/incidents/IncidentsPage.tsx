import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isStaffRole } from '@campus-safety/model';
import { RowButton } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { StatusBadge } from '../../components/StatusBadge';
import { Pager, Table, type Column } from '../../components/Table';
import { formatDate } from '../../lib/format';
import { incidentPageSpec, type Incident } from '../../data/incidents';
import { useLiveQuery } from '../../data/live-query';
import type { IncidentScope } from '../../data/scopes';
import { useAuth } from '../../session/store';
import { IncidentDetail, type AccomplishDialog } from './IncidentDetail';
import { IncidentFiltersBar } from './IncidentFilters';
import { incidentQuerySpec, matchesSearch } from './query-spec';
import { PAGE_SIZE, useIncidentList } from './store';
import { Time } from '../../components/Time';

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

  const scope: IncidentScope = {
    role: profile?.role ?? null,
    uid,
    campus: profile?.campus ?? null,
    archived,
  };
  const spec = incidentQuerySpec(scope, filters);

  useEffect(() => firstPage(), [archived, firstPage]);

  const cursor = page > 0 ? (cursors[page - 1] ?? null) : null;
  // One row more than a page tells whether a next page exists without counting every report.
  const list = useLiveQuery(incidentPageSpec(spec.wheres, PAGE_SIZE + 1, cursor));
  const pageRows = list.data.slice(0, PAGE_SIZE);
  const hasNext = list.data.length > PAGE_SIZE;
  const rows = pageRows.filter((r) => matchesSearch(r, filters.search));
  const open = (id: string) => setParams({ id });

  const columns: Column<Incident>[] = [
    {
      header: 'Reported',
      cell: (r) => <Time value={r.timestamp} />,
    },
    { header: 'Type', cell: (r) => r.incidentType },
    { header: 'Campus', cell: (r) => r.nearestCampus, className: 'hidden md:table-cell' },
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { header: 'Threat level', cell: (r) => r.threatLevel ?? '—' },
    { header: 'Assignee', cell: (r) => r.assignedTo?.displayName ?? '—' },
    {
      header: 'Reporter',
      cell: (r) => <span className="break-all">{r.email}</span>,
      className: 'hidden xl:table-cell',
    },
    {
      header: 'Actions',
      cell: (r) => (
        <RowButton
          label="Open"
          row={`report ${r.incidentType} of ${formatDate(r.timestamp)}`}
          onClick={() => open(r.id)}
        />
      ),
    },
  ];

  const lastRow = pageRows[pageRows.length - 1];
  return (
    <>
      <PageHeader
        title={archived ? 'Archived incident reports' : 'Incident reports'}
        subtitle={
          profile?.role === 'IMT'
            ? `${profile.campus ?? 'No campus'} · newest first`
            : 'Newest first'
        }
      />
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
        <Table caption="Incident reports" columns={columns} rows={rows} rowKey={(r) => r.id} />
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
