import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  EMERGENCY_STATUS_LABELS,
  minutesToAcknowledgeEmergency,
  type Emergency,
} from '@campus-safety/model';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { Table, type Column } from '../../components/Table';
import { Time } from '../../components/Time';
import {
  PAST_EMERGENCIES_LIMIT,
  emergencyPerson,
  pastEmergenciesSpec,
} from '../../data/emergencies';
import { useLiveQuery } from '../../data/live-query';
import type { WithId } from '../../data/spec';
import { formatMinutes } from '../../lib/format';
import { useAuth } from '../../session/store';
import { CampusName } from '../../components/CampusName';

const COLUMNS: Column<WithId<Emergency>>[] = [
  {
    header: 'Opened',
    cell: (e) => (
      <Link className="font-medium text-sky-800 underline" to={`/emergencies/${e.id}`}>
        <Time value={e.openedAt} />
      </Link>
    ),
  },
  { header: 'Person', cell: (e) => emergencyPerson(e) },
  { header: 'Campus', cell: (e) => <CampusName id={e.campus} /> },
  { header: 'From', cell: (e) => (e.fromTimer ? 'Safety timer' : 'SOS') },
  { header: 'State', cell: (e) => EMERGENCY_STATUS_LABELS[e.status] },
  { header: 'Acknowledged by', cell: (e) => e.acknowledgedBy?.name ?? '—' },
  {
    header: 'Time to acknowledge',
    cell: (e) => formatMinutes(minutesToAcknowledgeEmergency(e)),
    numeric: true,
  },
];

/**
 * Past and open emergencies (SOS and safety timers), newest first, live: an IMT member's campus,
 * every campus for an Admin; each opens its page (track, timeline, acknowledgement).
 */
export default function EmergenciesPage() {
  const profile = useAuth((s) => s.profile);
  const spec = useMemo(
    () => pastEmergenciesSpec(profile?.role === 'Admin' ? 'Admin' : 'IMT', profile?.campus ?? null),
    [profile?.role, profile?.campus],
  );
  const emergencies = useLiveQuery(spec);
  return (
    <>
      <PageHeader
        title="Emergencies"
        subtitle={`SOS alerts and safety timers that ran out, newest first (the last ${PAST_EMERGENCIES_LIMIT}).`}
      />
      <ListState
        live={emergencies}
        isEmpty={emergencies.data.length === 0}
        emptyTitle="No emergencies yet"
      >
        <Table
          caption="Emergencies"
          columns={COLUMNS}
          rows={emergencies.data}
          rowKey={(e) => e.id}
        />
      </ListState>
    </>
  );
}
