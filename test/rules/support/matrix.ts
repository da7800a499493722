/**
 * Table-driven rules tests: each row is one request and the actors it is allowed for; every other
 * actor of the table must be denied with PERMISSION_DENIED. One mocha test per row and actor.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import { ACTORS, ROLE_COLUMNS, type Actor, type ActorName } from './actors';
import type { RulesFixture } from './fixture';

export interface Row<Client> {
  title: string;
  /** Writes may change the data; reads never do. */
  kind: 'read' | 'write';
  allowed: readonly ActorName[];
  run: (client: Client, actor: Actor) => Promise<unknown>;
}

type Run<Client> = Row<Client>['run'];

export function read<Client>(
  title: string,
  allowed: readonly ActorName[],
  run: Run<Client>,
): Row<Client> {
  return { title, kind: 'read', allowed, run };
}

export function write<Client>(
  title: string,
  allowed: readonly ActorName[],
  run: Run<Client>,
): Row<Client> {
  return { title, kind: 'write', allowed, run };
}

/** Allowed-actor sets the tables share. */
export const NOBODY: readonly ActorName[] = [];
export const EVERYONE: readonly ActorName[] = ROLE_COLUMNS;
export const LIVE_ACCOUNTS: readonly ActorName[] = [
  'appUser',
  'otherAppUser',
  'imtSameCampus',
  'imtOtherCampus',
  'admin',
];
export const STAFF: readonly ActorName[] = ['imtSameCampus', 'imtOtherCampus', 'admin'];
export const APP_USERS: readonly ActorName[] = ['appUser', 'otherAppUser'];
export const SAME_CAMPUS_STAFF: readonly ActorName[] = ['imtSameCampus', 'admin'];
export const OTHER_CAMPUS_STAFF: readonly ActorName[] = ['imtOtherCampus', 'admin'];
export const ADMIN: readonly ActorName[] = ['admin'];

export interface MatrixOptions<Client> {
  fixture: () => RulesFixture;
  client: (fixture: RulesFixture, actor: Actor) => Client;
  /** Columns of the table; the seven role columns unless given. */
  actors?: readonly ActorName[];
  /** Per-test timeout for tables of slow requests (ms). */
  timeout?: number;
}

/** Tables whose requests go through each actor's Firestore client. */
export function firestoreTables(fixture: () => RulesFixture): MatrixOptions<Firestore> {
  return { fixture, client: (f, actor) => f.firestore(actor) };
}

/** Tables whose requests go through each actor's Storage client. */
export function storageTables(fixture: () => RulesFixture): MatrixOptions<FirebaseStorage> {
  return { fixture, client: (f, actor) => f.storage(actor) };
}

export function describeMatrix<Client>(
  title: string,
  rows: readonly Row<NoInfer<Client>>[],
  options: MatrixOptions<Client>,
): void {
  const columns = options.actors ?? ROLE_COLUMNS;
  describe(title, function () {
    if (options.timeout) this.timeout(options.timeout);
    for (const row of rows) {
      const stray = row.allowed.filter((name) => !columns.includes(name));
      if (stray.length > 0) throw new Error(`${title} › ${row.title}: not a column: ${stray}`);
      describe(row.title, () => {
        for (const name of columns) {
          const expectAllowed = row.allowed.includes(name);
          it(`${name} ${expectAllowed ? 'is allowed' : 'is denied'}`, async () => {
            const fixture = options.fixture();
            await fixture.ensureSeeded();
            const actor = ACTORS[name];
            let passed = false;
            try {
              const request = row.run(options.client(fixture, actor), actor);
              await (expectAllowed ? assertSucceeds(request) : assertFails(request));
              passed = true;
            } finally {
              if (row.kind === 'write' && (expectAllowed || !passed)) fixture.markDirty();
            }
          });
        }
      });
    }
  });
}
