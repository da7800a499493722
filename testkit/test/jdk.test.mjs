import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { JdkNotFoundError, findJdk, parseJavaMajor, withJdk } from '../src/jdk.mjs';

test('parseJavaMajor reads modern, legacy and unparseable version lines', () => {
  assert.equal(parseJavaMajor('openjdk version "17.0.15" 2025-04-15'), 17);
  assert.equal(parseJavaMajor('openjdk version "25" 2025-09-16'), 25);
  assert.equal(parseJavaMajor('java version "1.8.0_392"'), 8);
  assert.equal(parseJavaMajor('openjdk version "21.0.2-ea" 2024-01-16'), 21);
  assert.equal(parseJavaMajor('command not found'), null);
});

/** A fake JVM directory: name → { major, javac }; `run` answers from the fake versions. */
function fakeJvms(jdks) {
  const dir = mkdtempSync(join(tmpdir(), 'jvm-'));
  const versions = new Map();
  for (const [name, { major, javac = true }] of Object.entries(jdks)) {
    mkdirSync(join(dir, name, 'bin'), { recursive: true });
    const java = join(dir, name, 'bin', 'java');
    writeFileSync(java, '#!/bin/sh\n');
    chmodSync(java, 0o755);
    if (javac) writeFileSync(join(dir, name, 'bin', 'javac'), '');
    versions.set(java, `openjdk version "${major}.0.1" 2025-01-01`);
  }
  return { dir, run: (java) => versions.get(java) ?? '' };
}

test('findJdk skips JDKs that are too old or lack javac and takes a JDK 21+', () => {
  const { dir, run } = fakeJvms({
    'java-17-openjdk': { major: 17 },
    'jre-22': { major: 22, javac: false },
    'temurin-25': { major: 25 },
  });
  const jdk = findJdk({ env: { PATH: '' }, jvmDir: dir, run });
  assert.equal(jdk.home, join(dir, 'temurin-25'));
  assert.equal(jdk.major, 25);
});

test('findJdk prefers JAVA_HOME when it is new enough', () => {
  const { dir, run } = fakeJvms({ 'jdk-21': { major: 21 }, 'temurin-25': { major: 25 } });
  const jdk = findJdk({ env: { JAVA_HOME: join(dir, 'jdk-21'), PATH: '' }, jvmDir: dir, run });
  assert.equal(jdk.home, join(dir, 'jdk-21'));
  assert.equal(jdk.source, 'JAVA_HOME');
});

test('findJdk fails with a message naming what it saw and what to install', () => {
  const { dir, run } = fakeJvms({ 'java-17-openjdk': { major: 17 } });
  assert.throws(
    () => findJdk({ env: { PATH: '' }, jvmDir: dir, run }),
    (error) =>
      error instanceof JdkNotFoundError &&
      error.message.includes('Java 17') &&
      error.message.includes('JDK 21') &&
      error.message.includes('JAVA_HOME'),
  );
});

test('withJdk puts the JDK first on PATH and sets JAVA_HOME', () => {
  const env = withJdk({ PATH: '/usr/bin' }, { home: '/opt/jdk' });
  assert.equal(env.JAVA_HOME, '/opt/jdk');
  assert.equal(env.PATH, '/opt/jdk/bin:/usr/bin');
});
