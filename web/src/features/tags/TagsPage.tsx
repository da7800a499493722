import { useState } from 'react';
import { tagNameProblem, type TagUsageResponse } from '@campus-safety/model';
import { Button, RowButton } from '../../components/Button';
import { ConfirmDialog, Dialog, DialogFooter } from '../../components/Dialog';
import { TextAreaField, TextField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { PagedTable, type Column } from '../../components/Table';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveQuery } from '../../data/live-query';
import { tagsSpec } from '../../data/tags';
import { addTags, deleteTag, describeAddResult, renameTag, tagUsage } from './api';
import { parseTagInput, tagInputProblem } from './parse';

interface TagRow {
  id: string;
  name: string;
}

function AddTagsForm({ existing }: { existing: string[] }) {
  const form = useForm<{ text: string }>({
    initial: { text: '' },
    validate: ({ text }) => ({ text: tagInputProblem(parseTagInput(text), existing) }),
    send: async ({ text }, { reset }) => {
      const result = await addTags(parseTagInput(text));
      (result.added.length ? toast.success : toast.info)(
        result.added.length ? 'Tags added' : 'No new tags',
        describeAddResult(result),
      );
      reset();
    },
    failureTitle: 'Could not add tags',
  });
  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="mb-6 max-w-xl rounded-lg border border-slate-200 bg-white p-4"
    >
      <TextAreaField
        label="New tags"
        {...form.field('text')}
        error={form.errors.text ?? form.failure ?? undefined}
        rows={3}
        hint="Several at once: separate names with commas or new lines."
      />
      <Button type="submit" busy={form.busy}>
        Add tags
      </Button>
    </form>
  );
}

function RenameDialog({ tag, onClose }: { tag: TagRow; onClose: () => void }) {
  const form = useForm<{ name: string }>({
    initial: { name: tag.name },
    validate: ({ name }) => ({
      name:
        tagNameProblem(name) ?? (name.trim() === tag.name ? 'Enter a different name.' : undefined),
    }),
    send: async ({ name }) => {
      await renameTag(tag.id, name);
      toast.success('Tag renamed', `“${tag.name}” is now “${name.trim()}”.`);
      onClose();
    },
    failureTitle: 'Could not rename the tag',
  });
  return (
    <Dialog open onClose={onClose} busy={form.busy} title={`Rename “${tag.name}”`}>
      <form onSubmit={form.submit} noValidate>
        <TextField
          label="Tag name"
          {...form.field('name')}
          error={form.errors.name ?? form.failure ?? undefined}
        />
        <DialogFooter onCancel={onClose} busy={form.busy} label="Rename" />
      </form>
    </Dialog>
  );
}

export default function TagsPage() {
  const tags = useLiveQuery(tagsSpec);
  const [renaming, setRenaming] = useState<TagRow | null>(null);
  const [deleting, setDeleting] = useState<{ tag: TagRow; usage: TagUsageResponse } | null>(null);
  const [checking, setChecking] = useState<string | null>(null);

  async function askDelete(tag: TagRow) {
    setChecking(tag.id);
    try {
      setDeleting({ tag, usage: await tagUsage(tag.name) });
    } catch (error) {
      toast.failure('Could not check where the tag is used', error);
    } finally {
      setChecking(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    await deleteTag(deleting.tag.id);
    toast.success('Tag deleted', `“${deleting.tag.name}” was removed.`);
    setDeleting(null);
  }

  const columns: Column<TagRow>[] = [
    { header: 'Name', cell: (t) => t.name },
    {
      header: 'Actions',
      cell: (t) => (
        <div className="flex gap-1">
          <RowButton label="Rename" row={t.name} onClick={() => setRenaming(t)} />
          <Button
            variant="danger"
            onClick={() => void askDelete(t)}
            busy={checking === t.id}
            aria-label={`Delete ${t.name}`}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Tags" subtitle="Used on incident reports and announcements" />
      <AddTagsForm existing={tags.data.map((t) => t.name)} />
      <ListState live={tags} emptyTitle="No tags yet">
        <PagedTable caption="Tags" columns={columns} rows={tags.data} pageSize={50} />
      </ListState>
      {renaming && <RenameDialog tag={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.tag.name ?? ''}”`}
        message={
          deleting && (
            <p>
              This tag is used by <strong>{deleting.usage.incidents}</strong> incident report(s) and{' '}
              <strong>{deleting.usage.announcements}</strong> announcement(s). Deleting it removes
              it from the list of tags.
            </p>
          )
        }
        confirmLabel="Delete tag"
        destructive
        onConfirm={confirmDelete}
        failureTitle="Could not delete the tag"
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
