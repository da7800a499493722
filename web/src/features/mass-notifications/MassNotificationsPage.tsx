import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  KIND_LABELS,
  STATE_LABELS,
  audienceLabel,
  isActiveCampus,
  type MassNotification,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { Table, type Column } from '../../components/Table';
import { Time } from '../../components/Time';
import { useLiveQuery } from '../../data/live-query';
import { massNotificationsSpec } from '../../data/mass-notifications';
import type { WithId } from '../../data/spec';
import { useAuth } from '../../session/store';
import { ComposeDialog } from './ComposeDialog';
import { TemplatesDialog } from './TemplatesDialog';
import { useAlertSettings } from './use-alert-settings';
import { useCampuses } from '../../data/settings';

/**
 * Mass notifications (docs/mass-notifications.md): the recent alerts the caller may see, live,
 * and "New alert". Admins also edit the templates (which alerts need approval is on /settings).
 */
export default function MassNotificationsPage() {
  const profile = useAuth((s) => s.profile);
  const isAdmin = profile?.role === 'Admin';
  const campuses = useCampuses();
  const imtCampus =
    profile?.role === 'IMT' && isActiveCampus(campuses, profile.campus) ? profile.campus : null;
  const spec = useMemo(
    () => massNotificationsSpec(isAdmin ? 'Admin' : 'IMT', profile?.campus ?? null),
    [isAdmin, profile?.campus],
  );
  const alerts = useLiveQuery(spec);
  const settings = useAlertSettings();
  const [composing, setComposing] = useState(false);
  const [editingTemplates, setEditingTemplates] = useState(false);

  const columns: Column<WithId<MassNotification>>[] = [
    {
      header: 'Title',
      cell: (a) => (
        <Link className="font-medium text-sky-800 underline" to={`/mass-notifications/${a.id}`}>
          {a.title}
        </Link>
      ),
    },
    { header: 'Type', cell: (a) => KIND_LABELS[a.kind] },
    { header: 'Audience', cell: (a) => audienceLabel(a.audience, campuses) },
    { header: 'State', cell: (a) => STATE_LABELS[a.state] },
    {
      header: 'Sent or due',
      cell: (a) => <Time value={(a.sentAt ?? a.scheduledFor ?? a.createdAt)?.toMillis()} />,
    },
    { header: 'By', cell: (a) => a.author.name },
  ];

  return (
    <>
      <PageHeader
        title="Mass notifications"
        subtitle="Alerts to campuses by push, in-app notification, email and SMS, with delivery receipts."
        actions={
          <>
            {isAdmin && (
              <Button variant="secondary" onClick={() => setEditingTemplates(true)}>
                Templates
              </Button>
            )}
            <Button onClick={() => setComposing(true)}>New alert</Button>
          </>
        }
      />
      <ListState live={alerts} isEmpty={alerts.data.length === 0} emptyTitle="No alerts yet">
        <Table caption="Alerts" columns={columns} rows={alerts.data} rowKey={(a) => a.id} />
      </ListState>
      {composing && (
        <ComposeDialog
          settings={settings}
          imtCampus={imtCampus}
          followsUp={null}
          onClose={() => setComposing(false)}
        />
      )}
      {editingTemplates && (
        <TemplatesDialog settings={settings} onClose={() => setEditingTemplates(false)} />
      )}
    </>
  );
}
