import { useState } from 'react';
import { AFFILIATION_LABELS, isStaffRole, type UserProfile } from '@campus-safety/model';
import { ArchiveButton, Button, RowButton } from '../../components/Button';
import { ArchiveConfirmDialog, ConfirmDialog } from '../../components/Dialog';
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
import type { Invitation } from '@campus-safety/model';
import { issueInvitation, setStaffAccess } from './api';
import { defaultPasswordState } from './form';
import { CreateAccountDialog, InvitationDialog, RoleCampusDialog } from './AccountDialogs';
import { Time } from '../../components/Time';
import { CampusLeadsPanel } from './CampusLeadsPanel';
import { CampusName } from '../../components/CampusName';

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
  const [issued, setIssued] = useState<{ email: string; invitation: Invitation } | null>(null);
  const rows = list.data.filter((a) => matchesAccount(a, search));

  async function toggleArchive(account: Account) {
    await setStaffAccess(account.id, {
      role: account.role,
      campus: account.campus,
      isArchived: !account.isArchived,
    });
    toast.success(account.isArchived ? 'Account restored' : 'Account archived', fullName(account));
    setArchiving(null);
  }

  async function reissue(account: Account) {
    const result = await issueInvitation(account.id);
    setReissuing(null);
    setIssued({ email: account.email, invitation: result.invitation });
  }

  function passwordCell(account: Account) {
    const state = defaultPasswordState(account, Date.now());
    if (state.kind === 'changed') return 'Set by the person';
    if (state.kind === 'valid') return `Invited, until ${formatDate(state.until)}`;
    return <span className="text-red-700">Invitation expired</span>;
  }

  // Mirrored by the server from Firebase Auth; staff roles count only once it is verified.
  function verifiedCell(account: Account) {
    return account.emailVerified === true ? (
      'Verified'
    ) : (
      <span className="text-amber-800">Not verified</span>
    );
  }

  const columns: Column<Account>[] = [
    { header: 'Name', cell: (a) => fullName(a) },
    { header: 'Email', cell: (a) => <span className="break-all">{a.email}</span> },
    // A reporter's own answer in /app (docs/reporter-app.md#campus-and-affiliation).
    {
      header: 'Role',
      cell: (a) => (a.affiliation ? `${a.role} · ${AFFILIATION_LABELS[a.affiliation]}` : a.role),
    },
    { header: 'Campus', cell: (a) => (a.campus ? <CampusName id={a.campus} /> : '—') },
    { header: 'Registered', cell: (a) => <Time value={a.registrationDate} /> },
    { header: 'Email verified', cell: verifiedCell },
    { header: 'Password', cell: passwordCell },
    {
      header: 'Actions',
      cell: (a) =>
        a.id === me ? (
          <span className="text-xs text-slate-500">You</span>
        ) : (
          <div className="flex flex-wrap gap-1">
            {!a.isArchived && (
              <RowButton
                label="Role & campus"
                row={`of ${fullName(a)}`}
                onClick={() => setEditing(a)}
              />
            )}
            {!a.isArchived && isStaffRole(a.role) && (
              <RowButton
                label="New invitation"
                row={`for ${fullName(a)}`}
                onClick={() => setReissuing(a)}
              />
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
        live={list}
        isEmpty={rows.length === 0}
        emptyTitle={archived ? 'No archived accounts' : 'No accounts'}
      >
        <PagedTable caption="Accounts" columns={columns} rows={rows} />
      </ListState>
      {!archived && <CampusLeadsPanel />}
      {creating && <CreateAccountDialog onClose={() => setCreating(false)} />}
      {editing && <RoleCampusDialog account={editing} onClose={() => setEditing(null)} />}
      {issued && (
        <InvitationDialog
          title="New invitation"
          email={issued.email}
          invitation={issued.invitation}
          onClose={() => setIssued(null)}
        />
      )}
      <ConfirmDialog
        open={reissuing !== null}
        title="New invitation"
        message={`${reissuing ? fullName(reissuing) : ''}'s current password and any earlier invitation stop working now, and every session is signed out. The new invitation link is shown once.`}
        confirmLabel="Issue invitation"
        onConfirm={() => (reissuing ? reissue(reissuing) : undefined)}
        failureTitle="Could not issue a new invitation"
        onClose={() => setReissuing(null)}
      />
      <ArchiveConfirmDialog
        item={archiving}
        what="account"
        message={(a) =>
          a.isArchived
            ? `${fullName(a)} will be able to sign in again.`
            : `${fullName(a)} will no longer be able to sign in. You can restore the account later.`
        }
        onConfirm={toggleArchive}
        onClose={() => setArchiving(null)}
      />
    </>
  );
}
