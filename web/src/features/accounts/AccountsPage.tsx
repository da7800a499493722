import { useState } from 'react';
import type { UserProfile } from '@campus-safety/model';
import { ArchiveButton, Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { TextField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { PagedTable, type Column } from '../../components/Table';
import { toast } from '../../components/toast-store';
import { formatDate, fullName } from '../../lib/format';
import { useLiveQuery } from '../../data/live-query';
import type { Row } from '../../data/spec';
import { accountsSpec } from '../../data/users';
import { useAuth } from '../../session/store';
import { reissueDefaultPassword, setAccountArchived } from './api';
import { defaultPasswordState } from './form';
import { CreateAccountDialog, OneTimePasswordDialog, RoleCampusDialog } from './AccountDialogs';

type Account = Row<UserProfile>;

export function matchesAccount(
  account: Pick<UserProfile, 'firstName' | 'lastName' | 'email'>,
  search: string,
): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return `${account.firstName} ${account.lastName} ${account.email}`.toLowerCase().includes(text);
}

export default function AccountsPage({ archived = false }: { archived?: boolean }) {
  const me = useAuth((s) => s.user?.uid);
  const list = useLiveQuery(accountsSpec(archived));
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Account | null>(null);
  const [archiving, setArchiving] = useState<Account | null>(null);
  const [reissuing, setReissuing] = useState<Account | null>(null);
  const [issued, setIssued] = useState<{ email: string; password: string } | null>(null);
  const rows = list.data.filter((a) => matchesAccount(a, search));

  async function toggleArchive(account: Account) {
    try {
      await setAccountArchived(account.id, !account.isArchived);
      toast.success(
        account.isArchived ? 'Account restored' : 'Account archived',
        fullName(account),
      );
      setArchiving(null);
    } catch (error) {
      toast.failure('Could not change the account', error);
    }
  }

  async function reissue(account: Account) {
    try {
      const result = await reissueDefaultPassword(account.id);
      setReissuing(null);
      setIssued({ email: account.email, password: result.defaultPassword });
    } catch (error) {
      toast.failure('Could not issue a new default password', error);
    }
  }

  function passwordCell(account: Account) {
    const state = defaultPasswordState(account, Date.now());
    if (state.kind === 'changed') return 'Changed';
    if (state.kind === 'valid') return `Default, until ${formatDate(state.until)}`;
    return <span className="text-red-700">Default, expired</span>;
  }

  const columns: Column<Account>[] = [
    { header: 'Name', cell: (a) => fullName(a) },
    { header: 'Email', cell: (a) => <span className="break-all">{a.email}</span> },
    { header: 'Role', cell: (a) => a.role },
    { header: 'Campus', cell: (a) => a.campus ?? '—' },
    { header: 'Registered', cell: (a) => formatDate(a.registrationDate) },
    { header: 'Password', cell: passwordCell },
    {
      header: 'Actions',
      cell: (a) =>
        a.id === me ? (
          <span className="text-xs text-slate-500">You</span>
        ) : (
          <div className="flex flex-wrap gap-1">
            {!a.isArchived && (
              <Button
                variant="secondary"
                onClick={() => setEditing(a)}
                aria-label={`Role & campus of ${fullName(a)}`}
              >
                Role &amp; campus
              </Button>
            )}
            {!a.isArchived && (
              <Button
                variant="secondary"
                onClick={() => setReissuing(a)}
                aria-label={`New default password for ${fullName(a)}`}
              >
                New default password
              </Button>
            )}
            <ArchiveButton
              archived={a.isArchived}
              name={fullName(a)}
              onClick={() => setArchiving(a)}
            />
          </div>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={archived ? 'Archived accounts' : 'Accounts'}
        subtitle="By first name"
        actions={
          !archived ? <Button onClick={() => setCreating(true)}>Create account</Button> : undefined
        }
      />
      <div className="max-w-sm">
        <TextField label="Search accounts" type="search" value={search} onChange={setSearch} />
      </div>
      <ListState
        status={list.status}
        error={list.error}
        isEmpty={rows.length === 0}
        emptyTitle={archived ? 'No archived accounts' : 'No accounts'}
        onRetry={list.retry}
      >
        <PagedTable caption="Accounts" columns={columns} rows={rows} rowKey={(a) => a.id} />
      </ListState>
      {creating && <CreateAccountDialog onClose={() => setCreating(false)} />}
      {editing && <RoleCampusDialog account={editing} onClose={() => setEditing(null)} />}
      {issued && (
        <OneTimePasswordDialog
          title="New default password"
          email={issued.email}
          password={issued.password}
          onClose={() => setIssued(null)}
        />
      )}
      <ConfirmDialog
        open={reissuing !== null}
        title="New default password"
        message={`${reissuing ? fullName(reissuing) : ''}'s current password stops working now and every session is signed out. The new default password is shown once.`}
        confirmLabel="Issue password"
        onConfirm={() => (reissuing ? reissue(reissuing) : undefined)}
        onClose={() => setReissuing(null)}
      />
      <ConfirmDialog
        open={archiving !== null}
        title={archiving?.isArchived ? 'Restore account' : 'Archive account'}
        message={
          archiving?.isArchived
            ? `${archiving ? fullName(archiving) : ''} will be able to sign in again.`
            : `${archiving ? fullName(archiving) : ''} will no longer be able to sign in. You can restore the account later.`
        }
        confirmLabel={archiving?.isArchived ? 'Restore' : 'Archive'}
        destructive={!archiving?.isArchived}
        onConfirm={() => (archiving ? toggleArchive(archiving) : undefined)}
        onClose={() => setArchiving(null)}
      />
    </>
  );
}
