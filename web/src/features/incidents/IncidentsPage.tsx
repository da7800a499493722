import { isStaffRole } from '@campus-safety/model';
import { useTitleDetail } from '../../app/document-title';
import { RowButton } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { StatusBadge } from '../../components/StatusBadge';
import { Pager, Table, type Column } from '../../components/Table';
import { formatDate } from '../../lib/format';
import { useServerCount } from '../../data/count';
import { incidentBoundary, incidentPageSpec, type Incident } from '../../data/incidents';
import { useLiveQuery } from '../../data/live-query';
import type { IncidentScope } from '../../data/scopes';
import { useAuth } from '../../session/store';
import { ExportReportsButton } from './ExportReportsButton';
import { IncidentDetail, type AccomplishDialog } from './IncidentDetail';
import { IncidentFiltersBar } from './IncidentFilters';
import { ListWithMap } from './ListWithMap';
import { campusesInScope } from './map-scope';
import { pageSummary } from './page-summary';
import { incidentQuerySpec } from './query-spec';
import { PAGE_SIZE } from './store';
import { useIncidentView, useMirrorIncidentView } from './use-incident-view';

export default function IncidentsPage({
  archived = false,
  accomplishDialog,
}: {
  archived?: boolean;
  accomplishDialog: AccomplishDialog;
}) {
  const profile = useAuth((s) => s.profile);
  const uid = useAuth((s) => s.user?.uid ?? '');
  const { view, nextPage, previousPage, open, close } = useIncidentView();
  useMirrorIncidentView(view);
  const { filters, page, boundary, openId } = view;

  const scope: IncidentScope = {
    role: profile?.role ?? null,
    uid,
    campus: profile?.campus ?? null,
    archived,
  };
  const spec = incidentQuerySpec(scope, filters);

  // One row more than a page tells whether another page lies beyond it (after it, or before it
  // when paging back), without reading the reports in between.
  const pageSpec = incidentPageSpec(spec.wheres, PAGE_SIZE + 1, boundary);
  const list = useLiveQuery(pageSpec);
  const backwards = boundary?.side === 'before';
  const rows = backwards ? list.data.slice(-PAGE_SIZE) : list.data.slice(0, PAGE_SIZE);
  const beyond = list.data.length > PAGE_SIZE;
  const hasNext = backwards || beyond;
  const hasPrevious = page > 1 && (!backwards || beyond);
  // The whole match, counted by the server (the pager's "of N"); counted again as the page moves.
  const total = useServerCount(pageSpec, rows.map((r) => r.id).join());
  useTitleDetail(
    profile?.role === 'IMT' ? profile.campus : filters.campus,
    openId ? (rows.find((r) => r.id === openId)?.incidentType ?? 'Report') : null,
  );

  const columns: Column<Incident>[] = [
    {
      header: 'Reported',
      cell: (r) => <span className="whitespace-nowrap">{formatDate(r.timestamp)}</span>,
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

  const firstRow = rows[0];
  const lastRow = rows[rows.length - 1];
  return (
    <>
      <PageHeader
        title={archived ? 'Archived incident reports' : 'Incident reports'}
        subtitle={
          profile?.role === 'IMT'
            ? `${profile.campus ?? 'No campus'} · newest first`
            : 'Newest first'
        }
        actions={<ExportReportsButton scope={scope} />}
      />
      <IncidentFiltersBar
        showCampus={profile?.role !== 'IMT'}
        showTags={isStaffRole(profile?.role)}
      />
      <ListState
        live={list}
        isEmpty={rows.length === 0 && page === 1}
        emptyTitle={archived ? 'No archived reports' : 'No incident reports'}
        emptyHint="Nothing matches the current filters."
      >
        <ListWithMap
          rows={rows}
          campuses={campusesInScope(scope.role, scope.campus, filters.campus)}
          onOpen={open}
        >
          <Table caption="Incident reports" columns={columns} rows={rows} rowKey={(r) => r.id} />
        </ListWithMap>
        <Pager
          page={page}
          hasPrevious={hasPrevious}
          hasNext={hasNext}
          onPrevious={() => firstRow && previousPage(incidentBoundary(firstRow))}
          onNext={() => lastRow && nextPage(incidentBoundary(lastRow))}
          summary={pageSummary({
            page,
            pageSize: PAGE_SIZE,
            shown: rows.length,
            total: total.status === 'error' ? 'failed' : total.count,
            searching: spec.wheres.some((w) => w.field === 'keywords'),
          })}
        />
      </ListState>
      {openId && <IncidentDetail id={openId} accomplishDialog={accomplishDialog} onClose={close} />}
    </>
  );
}
