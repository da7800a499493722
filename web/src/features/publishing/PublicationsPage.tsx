import { useState } from 'react';
import { ArchiveButton, Button, RowButton } from '../../components/Button';
import { ArchiveConfirmDialog } from '../../components/Dialog';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { PagedTable, type Column } from '../../components/Table';
import { toast } from '../../components/toast-store';
import { useAction } from '../../components/use-action';
import { formatDate } from '../../lib/format';
import { quarantinedImagesSpec } from '../../data/file-checks';
import { useLiveQuery } from '../../data/live-query';
import { publicationsSpec, type Publication } from '../../data/publications';
import { storagePathOfUrl } from '../../lib/storage';
import { publishDueNow, setPublicationArchived } from './api';
import type { PublicationKind } from './kinds';
import { PublicationDialog } from './PublicationDialog';

export function publicationState(
  item: Pick<Publication, 'isScheduled' | 'timestamp'>,
  now: Date,
): string {
  if (item.isScheduled && item.timestamp.toMillis() > now.getTime())
    return `Scheduled for ${formatDate(item.timestamp)}`;
  if (item.isScheduled) return 'Due, publishing shortly';
  return `Published ${formatDate(item.timestamp)}`;
}

/** The article and announcement screens (live and archived) differ only by `kind`. */
export function PublicationsPage({ kind, archived }: { kind: PublicationKind; archived: boolean }) {
  const list = useLiveQuery(publicationsSpec(kind.collection, archived));
  // Images the server's file check moved away (not served): the item says why instead.
  const quarantined = useLiveQuery(quarantinedImagesSpec);
  const quarantineOf = (url: string) => {
    const path = storagePathOfUrl(url);
    return quarantined.data.find((c) => c.path === path);
  };
  const [editing, setEditing] = useState<Publication | 'new' | null>(null);
  const [archiving, setArchiving] = useState<Publication | null>(null);
  const publishDue = useAction(
    async () => {
      const result = await publishDueNow();
      toast.success(
        'Due items published',
        `${result.articles} article(s) and ${result.announcements} announcement(s).`,
      );
    },
    { failureTitle: 'Could not publish due items' },
  );
  const Plural = kind.plural[0]!.toUpperCase() + kind.plural.slice(1);
  const now = new Date();

  async function toggleArchive(item: Publication) {
    await setPublicationArchived(kind, item.id, !item.isArchived);
    toast.success(item.isArchived ? `Restored “${item.title}”` : `Archived “${item.title}”`);
    setArchiving(null);
  }

  const columns: Column<Publication>[] = [
    { header: 'Title', cell: (p) => <span className="font-medium">{p.title}</span> },
    { header: 'State', cell: (p) => publicationState(p, now) },
    ...(kind.withTags
      ? [{ header: 'Tags', cell: (p: Publication) => (p.tags?.length ? p.tags.join(', ') : '—') }]
      : []),
    {
      header: 'Image',
      cell: (p) => {
        if (!p.imageUrl) return '—';
        const check = quarantineOf(p.imageUrl);
        if (check)
          return <span className="text-sm text-red-800">Image removed: {check.reason}</span>;
        return <img src={p.imageUrl} alt="" className="h-10 w-16 rounded object-cover" />;
      },
    },
    {
      header: 'Actions',
      cell: (p) => (
        <div className="flex flex-wrap gap-1">
          {!p.isArchived && <RowButton label="Edit" row={p.title} onClick={() => setEditing(p)} />}
          <ArchiveButton archived={p.isArchived} name={p.title} onClick={() => setArchiving(p)} />
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={archived ? `Archived ${kind.plural}` : Plural}
        subtitle="Newest first"
        actions={
          !archived && (
            <>
              <Button
                variant="secondary"
                onClick={() => void publishDue.run()}
                busy={publishDue.busy}
              >
                Publish due items now
              </Button>
              <Button onClick={() => setEditing('new')}>New {kind.singular}</Button>
            </>
          )
        }
      />
      <ListState
        live={list}
        emptyTitle={archived ? `No archived ${kind.plural}` : `No ${kind.plural} yet`}
      >
        <PagedTable caption={Plural} columns={columns} rows={list.data} />
      </ListState>
      {editing && (
        <PublicationDialog
          kind={kind}
          existing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ArchiveConfirmDialog
        item={archiving}
        what={kind.singular}
        message={(p) =>
          `“${p.title}” will be ${p.isArchived ? 'restored' : 'moved to the archive and hidden from the app'}.`
        }
        onConfirm={toggleArchive}
        onClose={() => setArchiving(null)}
      />
    </>
  );
}
