/**
 * The people the matrix plays. Every role column of the matrix is one of ROLE_COLUMNS; a few
 * extra actors cover sign-up and stale tokens.
 */
import type { Role } from '@campus-safety/model';

export const SAME_CAMPUS = 'main';
export const OTHER_CAMPUS = 'north';
/** No actor works for it. */
export const THIRD_CAMPUS = 'riverside';

export const ROLE_COLUMNS = [
  'signedOut',
  'appUser',
  'otherAppUser',
  'imtSameCampus',
  'imtOtherCampus',
  'admin',
  'archivedStaff',
] as const;
export type RoleColumn = (typeof ROLE_COLUMNS)[number];

export type ActorName =
  RoleColumn | 'newcomer' | 'demotedStaff' | 'movedImt' | 'unverifiedUser' | 'unverifiedImt';

export interface Actor {
  name: ActorName;
  /**
   * Auth uid. The signed-out column's requests carry no token; its "own" documents are the app
   * user's, so every request it makes targets a document that exists.
   */
  uid: string;
  signedIn: boolean;
  email: string | null;
  /** Custom claims in the ID token, as the Admin callables mint them; null before they are minted. */
  claims: { role: Role; campus: string | null } | null;
  /** The token's `email_verified`; true unless said otherwise. */
  emailVerified?: false;
}

function staff(name: ActorName, uid: string, role: Role, campus: string | null): Actor {
  return { name, uid, signedIn: true, email: `${uid}@campus.example`, claims: { role, campus } };
}

export const ACTORS: Record<ActorName, Actor> = {
  signedOut: { name: 'signedOut', uid: 'app-alice', signedIn: false, email: null, claims: null },
  appUser: staff('appUser', 'app-alice', 'User', SAME_CAMPUS),
  otherAppUser: staff('otherAppUser', 'app-bob', 'User', OTHER_CAMPUS),
  imtSameCampus: staff('imtSameCampus', 'imt-main', 'IMT', SAME_CAMPUS),
  imtOtherCampus: staff('imtOtherCampus', 'imt-north', 'IMT', OTHER_CAMPUS),
  admin: staff('admin', 'admin', 'Admin', null),
  /** Archived Admin: the users doc says isArchived, an ID token minted before still says Admin. */
  archivedStaff: staff('archivedStaff', 'admin-archived', 'Admin', null),
  /** Signed up a moment ago: no users doc and no role claim yet. */
  newcomer: { ...staff('newcomer', 'app-new', 'User', null), claims: null },
  /** Demoted to app user by an Admin; the old token still says IMT. */
  demotedStaff: staff('demotedStaff', 'imt-demoted', 'IMT', SAME_CAMPUS),
  /** Moved to another campus by an Admin; the old token still names the old campus. */
  movedImt: staff('movedImt', 'imt-moved', 'IMT', SAME_CAMPUS),
  /** A reporter whose users doc exists but who never verified the email (issue 17). */
  unverifiedUser: {
    ...staff('unverifiedUser', 'app-unverified', 'User', null),
    emailVerified: false,
  },
  /**
   * Users doc and claims say IMT of the same campus, but the token's email is not verified: an
   * address squatted at sign-up, or invited staff who have not verified yet.
   */
  unverifiedImt: {
    ...staff('unverifiedImt', 'imt-unverified', 'IMT', SAME_CAMPUS),
    emailVerified: false,
  },
};

/** An IMT colleague of the same campus that nobody plays: a valid assignee. */
export const COLLEAGUE = { uid: 'imt-main-2', email: 'imt-main-2@campus.example' };
