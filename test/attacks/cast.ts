/**
 * The people who attack, arranged once per run: a new sign-up (no users doc, no claims), a
 * reporter, an IMT of each campus, an archived IMT still holding its token, and an Admin (for
 * the steps only an Admin can take, and as the victim of takeover attempts). A colleague IMT
 * created through createAccount holds an unredeemed invitation: the takeover target.
 */
import type { CreateAccountResponse } from '@campus-safety/model';
import { account, admin, archivedImt, closeAll, signUp, type Attacker } from './support';

export interface Cast {
  newbie: Attacker;
  reporter: Attacker;
  imtMain: Attacker;
  imtNorth: Attacker;
  imtRiverside: Attacker;
  archived: Attacker;
  admin: Attacker;
  /** A Main Campus IMT invited by createAccount who has not redeemed the invitation yet. */
  colleague: { uid: string; email: string; invitationCode: string };
}

let cast: Promise<Cast> | undefined;

async function arrange(): Promise<Cast> {
  const [newbie, reporter, imtMain, imtNorth, imtRiverside, archived, adminUser] =
    await Promise.all([
      signUp(),
      account('reporter', { role: 'User', deviceToken: ['reporter-token-1'] }),
      account('IMT Main', { role: 'IMT', campus: 'main', firstName: 'Mia' }),
      account('IMT North', { role: 'IMT', campus: 'north', firstName: 'Noah' }),
      account('IMT Riverside', { role: 'IMT', campus: 'riverside', firstName: 'Rae' }),
      archivedImt(),
      account('Admin', { role: 'Admin', firstName: 'Ada' }),
    ]);
  const created = await adminUser.call<CreateAccountResponse>('createAccount', {
    firstName: 'Colin',
    lastName: 'Colleague',
    email: `colin.${Date.now()}@campus.test`,
    role: 'IMT',
    campus: 'main',
  });
  const { email } = await admin.auth.getUser(created.uid);
  return {
    newbie,
    reporter,
    imtMain,
    imtNorth,
    imtRiverside,
    archived,
    admin: adminUser,
    colleague: {
      uid: created.uid,
      email: email!,
      invitationCode: created.invitation.code,
    },
  };
}

export function theCast(): Promise<Cast> {
  cast ??= arrange();
  return cast;
}

// Every spec file shares the cast: its sessions close once, after the whole run (a root hook).
after(closeAll);
