/**
 * One rules-unit-testing environment per test file, loaded with the product's rules, with one
 * client per actor and the seed data of seed.ts. Data is re-seeded lazily: only after a write
 * that went through (or a test that failed) can it differ from the seed.
 */
import { readFileSync } from 'node:fs';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { setLogLevel, type Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import { ACTORS, type Actor, type ActorName } from './actors';
import { FIRESTORE_RULES_FILE, PROJECT_ID, STORAGE_RULES_FILE } from './paths';
import { seedFirestore } from './seed';

// Every denied write is expected here; the SDK would log each one as a warning.
setLogLevel('error');

interface HostAndPort {
  host: string;
  port: number;
}

export function emulatorFromEnv(variable: string): HostAndPort | null {
  const value = process.env[variable];
  if (!value) return null;
  const url = new URL(`http://${value}`);
  return { host: url.hostname, port: Number(url.port) };
}

export function storageEmulatorAvailable(): boolean {
  return emulatorFromEnv('FIREBASE_STORAGE_EMULATOR_HOST') !== null;
}

export interface FixtureOptions {
  storage?: boolean;
  /** Extra data written after the Firestore seed, with rules disabled. */
  seedExtra?: (env: RulesTestEnvironment) => Promise<void>;
}

export class RulesFixture {
  private readonly contexts = new Map<ActorName, RulesTestContext>();
  private dirty = true;

  private constructor(
    readonly env: RulesTestEnvironment,
    private readonly options: FixtureOptions,
  ) {}

  static async start(options: FixtureOptions = {}): Promise<RulesFixture> {
    const firestore = emulatorFromEnv('FIRESTORE_EMULATOR_HOST');
    if (!firestore)
      throw new Error(
        'FIRESTORE_EMULATOR_HOST is not set: run the matrix with `npm run test:rules`, which starts the emulators',
      );
    const storage = options.storage ? emulatorFromEnv('FIREBASE_STORAGE_EMULATOR_HOST') : null;
    if (options.storage && !storage) throw new Error('FIREBASE_STORAGE_EMULATOR_HOST is not set');
    const env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { ...firestore, rules: readFileSync(FIRESTORE_RULES_FILE, 'utf8') },
      ...(storage
        ? { storage: { ...storage, rules: readFileSync(STORAGE_RULES_FILE, 'utf8') } }
        : {}),
    });
    return new RulesFixture(env, options);
  }

  context(actor: Actor): RulesTestContext {
    let context = this.contexts.get(actor.name);
    if (!context) {
      context = actor.signedIn
        ? this.env.authenticatedContext(actor.uid, {
            email: actor.email ?? undefined,
            email_verified: actor.emailVerified ?? true,
            ...(actor.claims ?? {}),
          })
        : this.env.unauthenticatedContext();
      this.contexts.set(actor.name, context);
    }
    return context;
  }

  firestore(actor: Actor | ActorName): Firestore {
    // The compat instance wraps the modular one; modular functions unwrap it.
    return this.context(resolve(actor)).firestore() as unknown as Firestore;
  }

  storage(actor: Actor | ActorName): FirebaseStorage {
    return this.context(resolve(actor)).storage() as unknown as FirebaseStorage;
  }

  /** Something may have changed the data: re-seed before the next test. */
  markDirty(): void {
    this.dirty = true;
  }

  async ensureSeeded(): Promise<void> {
    if (!this.dirty) return;
    await this.env.clearFirestore();
    await this.env.withSecurityRulesDisabled((context) =>
      seedFirestore(context.firestore() as unknown as Firestore),
    );
    await this.options.seedExtra?.(this.env);
    this.dirty = false;
  }

  async cleanup(): Promise<void> {
    await this.env.cleanup();
  }
}

function resolve(actor: Actor | ActorName): Actor {
  return typeof actor === 'string' ? ACTORS[actor] : actor;
}

/** Registers before/after hooks in the calling describe and hands out the fixture. */
export function useFixture(options: FixtureOptions = {}): () => RulesFixture {
  let fixture: RulesFixture | undefined;
  before(async () => {
    fixture = await RulesFixture.start(options);
  });
  after(async () => {
    await fixture?.cleanup();
  });
  return () => {
    if (!fixture) throw new Error('fixture used outside its describe block');
    return fixture;
  };
}
