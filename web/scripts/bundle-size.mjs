#!/usr/bin/env node
/**
 * Gzipped JavaScript each route loads, from the Vite build manifest of the build in the folder
 * named by the first argument (relative to web/), else web/dist (run `npm run build -w web` first).
 * `npm run bench:bundle` builds into a folder of its own, so the build the e2e suite serves from
 * web/dist is never emptied under it. A route's cost is the entry chunk plus the route's chunk plus everything they import
 * statically; screens inside the shell also pay for the shell and for the Firestore chunk that
 * loads on sign-in. Exits non-zero when /login or the signed-in shell exceeds its goal.
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', process.argv[2] ?? 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}; run "npm run build -w web" first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzCache = new Map();
function gzipped(file) {
  if (!gzCache.has(file))
    gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzCache.get(file);
}

/** Files (JS) a set of manifest keys loads before rendering: their chunks and static imports. */
function closure(keys) {
  const seen = new Set();
  const files = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Module ${key} is not in the manifest`);
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const ENTRY = 'index.html';
// The profile listener is the Firestore chunk the session loads on sign-in.
const SIGNED_IN = [ENTRY, 'src/app/Shell.tsx', 'src/data/profile.ts'];
const feature = (path) => `src/features/${path}.tsx`;

const routes = [
  ['/login', [ENTRY, feature('auth/LoginPage')]],
  ['/email-verification', [ENTRY, feature('auth/EmailVerificationPage')]],
  ['/unauthorized', [ENTRY, feature('auth/UnauthorizedPage')]],
  ['/download', [ENTRY, feature('download/DownloadPage')]],
  ['signed-in shell (/ with Home)', [...SIGNED_IN, feature('home/HomePage')]],
  ['/reports', [...SIGNED_IN, 'src/app/screens/IncidentsScreen.tsx']],
  ['/accomplishment', [...SIGNED_IN, feature('accomplishments/AccomplishmentsPage')]],
  ['/profiles', [...SIGNED_IN, feature('profile/ProfilePage')]],
  ['/accounts', [...SIGNED_IN, feature('accounts/AccountsPage')]],
  ['/articles', [...SIGNED_IN, feature('publishing/ArticlesPage')]],
  ['/announcements', [...SIGNED_IN, feature('publishing/AnnouncementsPage')]],
  ['/tags', [...SIGNED_IN, feature('tags/TagsPage')]],
  ['/releases', [...SIGNED_IN, feature('releases/ReleasesPage')]],
  ['/dashboard (before its charts)', [...SIGNED_IN, feature('dashboard/DashboardPage')]],
  // The charts are a lazy chunk of their own, loaded once the page renders.
  [
    '/dashboard with charts',
    [...SIGNED_IN, feature('dashboard/DashboardPage'), feature('dashboard/Chart')],
  ],
  // The reporter app (/app): its own layout and gate instead of the shell.
  [
    '/app/sign-in',
    [ENTRY, feature('reporter-app/ReporterLayout'), feature('reporter-app/auth/SignInPage')],
  ],
  [
    '/app (my reports)',
    [
      ENTRY,
      'src/data/profile.ts',
      feature('reporter-app/ReporterLayout'),
      feature('reporter-app/ReporterGate'),
      feature('reporter-app/my-reports/MyReportsPage'),
    ],
  ],
  [
    '/app/report (before its map)',
    [
      ENTRY,
      'src/data/profile.ts',
      feature('reporter-app/ReporterLayout'),
      feature('reporter-app/ReporterGate'),
      feature('reporter-app/report/NewReportPage'),
    ],
  ],
];

const GOALS = { '/login': 200 * 1024, 'signed-in shell (/ with Home)': 400 * 1024 };
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = false;
console.log('Route'.padEnd(34) + 'gzipped JS'.padStart(12) + '  chunks  goal');
for (const [name, keys] of routes) {
  const files = closure(keys);
  const total = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0);
  const goal = GOALS[name];
  const verdict =
    goal === undefined ? '' : total <= goal ? `<= ${kb(goal)} ok` : `> ${kb(goal)} OVER`;
  if (goal !== undefined && total > goal) failed = true;
  console.log(
    name.padEnd(34) + kb(total).padStart(12) + String(files.size).padStart(8) + '  ' + verdict,
  );
}
const css = Object.values(manifest)
  .flatMap((c) => c.css ?? [])
  .filter((f, i, all) => all.indexOf(f) === i);
console.log(`CSS (all routes): ${kb(css.reduce((s, f) => s + gzipped(f), 0))} gzipped`);
process.exit(failed ? 1 : 0);
