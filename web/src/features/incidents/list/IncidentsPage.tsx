import { campusName, isStaffRole } from '@campus-safety/model';
import { useTitleDetail } from '../../../lib/document-title';
import { PageHeader } from '../../../components/PageHeader';
import { ListState } from '../../../components/States';
import { Pager, Table } from '../../../components/Table';
import { programmeTimeZone } from '../../../lib/institution';
import { useServerCount } from '../../../data/count';
import { incidentBoundary, incidentPageSpec } from '../../../data/incidents';
import { useLiveQuery } from '../../../data/live-query';
import { campusesInScope, type IncidentScope } from '../../../data/scopes';
import { useAuth } from '../../../session/store';
import { ExportReportsButton } from './ExportReportsButton';
import { IncidentDetail, type AccomplishDialog } from '../detail/IncidentDetail';
import { IncidentFiltersBar } from './IncidentFilters';
import { ListWithMap } from './ListWithMap';
import { pageSummary } from './page-summary';
import { incidentQuerySpec } from './query-spec';
import { ReportsViewSwitch } from './ReportsViewSwitch';
import { incidentColumns, TriageQueues, useUnreadRowClass } from '../triage/TriageQueue';
import { useIncidentView } from './use-incident-view';
import { useCampuses } from '../../../data/settings';

/** Reports per page of the list. */
const PAGE_SIZE = 25;

export default function IncidentsPage({
  archived = false,
  accomplishDialog,
}: {
  archived?: boolean;
  accomplishDialog: AccomplishDialog;
}) {
  const profile = useAuth((s) => s.profile);
  const uid = useAuth((s) => s.user?.uid ?? '');
  const { view, pageLinkProblem, nextPage, previousPage, open, close, showList } =
    useIncidentView();
  const { filters, page, boundary, openId } = view;
  // The archive has no triage: it is every archived report, newest first.
  const list = archived ? 'all' : view.list;
  const rowClass = useUnreadRowClass();
  const campuses = useCampuses();

  const scope: IncidentScope = {
    role: profile?.role ?? null,
    uid,
    campus: profile?.campus ?? null,
    archived,
  };
  const spec = incidentQuerySpec(scope, filters, programmeTimeZone());

  // One row more than a page tells whether another page lies beyond it (after it, or before it
  // when paging back), without reading the reports in between.
  const pageSpec = list === 'all' ? incidentPageSpec(spec.wheres, PAGE_SIZE + 1, boundary) : null;
  const listed = useLiveQuery(pageSpec);
  const backwards = boundary?.side === 'before';
  const rows = backwards ? listed.data.slice(-PAGE_SIZE) : listed.data.slice(0, PAGE_SIZE);
  const beyond = listed.data.length > PAGE_SIZE;
  const hasNext = backwards || beyond;
  const hasPrevious = page > 1 && (!backwards || beyond);
  // The whole match, counted by the server (the pager's "of N"); counted again as the page moves.
  const total = useServerCount(pageSpec, rows.map((r) => r.id).join());
  useTitleDetail(
    campusName(campuses, profile?.role === 'IMT' ? profile.campus : filters.campus) || null,
    openId ? (rows.find((r) => r.id === openId)?.incidentType ?? 'Report') : null,
  );

  const columns = incidentColumns(open);
  const firstRow = rows[0];
  const lastRow = rows[rows.length - 1];
  return (
    <>
      <PageHeader
        title={archived ? 'Archived incident reports' : 'Incident reports'}
        subtitle={[
          profile?.role === 'IMT'
            ? profile.campus
              ? campusName(campuses, profile.campus)
              : 'No campus'
            : null,
          list === 'all' ? 'newest first' : 'unassigned first, then the longest waiting',
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={<ExportReportsButton scope={scope} filters={filters} />}
      />
      {!archived && <ReportsViewSwitch view={list} onChange={showList} />}
      {list === 'triage' && <TriageQueues scope={scope} open={open} />}
      {list === 'all' && (
        <>
          <IncidentFiltersBar
            showCampus={profile?.role !== 'IMT'}
            showTags={isStaffRole(profile?.role)}
          />
          {pageLinkProblem && (
            <p role="status" className="mb-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
              {pageLinkProblem}
            </p>
          )}
          <ListState
            live={listed}
            isEmpty={rows.length === 0 && page === 1}
            emptyTitle={archived ? 'No archived reports' : 'No incident reports'}
            emptyHint="Nothing matches the current filters."
          >
            <ListWithMap
              wheres={spec.wheres}
              total={total.status === 'ready' ? total.count : null}
              campuses={campusesInScope(scope.role, scope.campus, filters.campus, campuses)}
              onOpen={open}
            >
              <Table
                caption="Incident reports"
                columns={columns}
                rows={rows}
                rowKey={(r) => r.id}
                rowClassName={rowClass}
              />
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
        </>
      )}
      {openId && <IncidentDetail id={openId} accomplishDialog={accomplishDialog} onClose={close} />}
    </>
  );
}
