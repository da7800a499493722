import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError, parseSetupArgs } from '../setup/args.mjs';
import { parseMigrateArgs } from '../migrate/args.mjs';

const EMULATORS = {
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
};
const refused = (argv, env, reason) =>
  assert.throws(
    () => parseSetupArgs(argv, env),
    (error) => {
      assert.ok(error instanceof UsageError, String(error));
      assert.match(error.message, reason);
      assert.match(error.message, /Usage: npm run setup/);
      return true;
    },
  );

test('a real project without the emulators: the address lower-cased, the name split, the default console', () => {
  assert.deepEqual(
    parseSetupArgs(
      ['--project', 'state-u-safety', '--admin', ' Ada@Uni.EDU ', '--name', 'Ada King Lovelace'],
      {},
    ),
    {
      help: false,
      project: 'state-u-safety',
      email: 'ada@uni.edu',
      name: { firstName: 'Ada King', lastName: 'Lovelace' },
      consoleUrl: 'https://state-u-safety.web.app',
      emulators: false,
    },
  );
});

test('the emulators with a demo project; no name is fine (an existing account keeps its own)', () => {
  const args = parseSetupArgs(
    ['--project', 'demo-campus-safety', '--admin', 'a@b.test'],
    EMULATORS,
  );
  assert.equal(args.emulators, true);
  assert.equal(args.name, null);
  assert.equal(args.consoleUrl, 'http://127.0.0.1:5000');
  assert.equal(
    parseSetupArgs(
      [
        '--project',
        'p-123456',
        '--admin',
        'a@b.test',
        '--console-url',
        'https://safety.uni.edu/console/',
      ],
      {},
    ).consoleUrl,
    'https://safety.uni.edu/console',
  );
});

test('a demo project only with the emulators, and the emulators only with a demo project', () => {
  refused(['--project', 'demo-campus-safety', '--admin', 'a@b.test'], {}, /is a demo project/);
  refused(['--project', 'state-u-safety', '--admin', 'a@b.test'], EMULATORS, /must be a demo-… id/);
  refused(
    ['--project', 'demo-campus-safety', '--admin', 'a@b.test'],
    { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
    /Only FIREBASE_AUTH_EMULATOR_HOST is set/,
  );
});

test('bad arguments are refused with the reason', () => {
  const env = {};
  refused(['--admin', 'a@b.test'], env, /--project is required/);
  refused(['--project', 'state-u-safety'], env, /--admin is required/);
  for (const project of [
    'State U',
    'short',
    'a'.repeat(31),
    '1campus-safety',
    'campus-safety-',
    'campus_safety',
  ])
    refused(['--project', project, '--admin', 'a@b.test'], env, /is not a project id/);
  for (const admin of ['', 'ada', 'ada@uni', 'a b@uni.edu', `${'a'.repeat(300)}@uni.edu`])
    refused(['--project', 'state-u-safety', '--admin', admin], env, /--admin/);
  refused(
    ['--project', 'state-u-safety', '--admin', 'a@b.test', '--name', 'Cher'],
    env,
    /a first and a last name/,
  );
  refused(
    ['--project', 'state-u-safety', '--admin', 'a@b.test', '--console-url', 'http://x.test'],
    env,
    /must be an https/,
  );
  refused(
    ['--project', 'state-u-safety', '--admin', 'a@b.test', '--console-url', 'console'],
    env,
    /is not a URL/,
  );
  refused(
    ['--project', 'state-u-safety', '--admin', 'a@b.test', '--role', 'IMT'],
    env,
    /Unknown option '--role'/,
  );
  refused(['--project', 'state-u-safety', 'extra'], env, /positional/);
});

test('--help is the usage', () => {
  assert.deepEqual(parseSetupArgs(['--help'], {}), { help: true });
});

test('npm run migrate takes the project as setup does, and --dry-run', () => {
  assert.deepEqual(parseMigrateArgs(['--project', 'state-u-safety'], {}), {
    help: false,
    project: 'state-u-safety',
    emulators: false,
    dryRun: false,
  });
  assert.deepEqual(parseMigrateArgs(['--project', 'demo-x-1', '--dry-run'], EMULATORS), {
    help: false,
    project: 'demo-x-1',
    emulators: true,
    dryRun: true,
  });
  for (const [argv, env, reason] of [
    [[], {}, /--project is required/],
    [['--project', 'demo-x-1'], {}, /is a demo project/],
    [['--project', 'state-u-safety', '--admin', 'a@b.c'], {}, /Unknown option '--admin'/],
  ])
    assert.throws(
      () => parseMigrateArgs(argv, env),
      (error) =>
        error instanceof UsageError &&
        reason.test(error.message) &&
        /Usage: npm run migrate/.test(error.message),
    );
});
