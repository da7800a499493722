/** The flags firebase-tools passes to the Firestore emulator (downloadableEmulators.js). */
export interface EmulatorArgs {
  host: string;
  port: number;
  websocketPort: number | null;
  projectId: string | null;
  rules: string | null;
  singleProjectMode: boolean;
  functionsEmulator: string | null;
  databaseEdition: string | null;
  seedFromExport: string | null;
  /** `--require-indexes`: refuse queries the loaded indexes could not serve (README). */
  requireIndexes: boolean;
  /** `--report-hotspots`: print documents written more than once a second (hotspots.ts). */
  reportHotspots: boolean;
  /** `--report-rules-reads`: print the most documents each kind of request's rules read (rules-reads.ts). */
  reportRulesReads: boolean;
  /** `--indexes <file>`: the firestore.indexes.json to enforce. */
  indexes: string | null;
  /** Flags we do not know, accepted with a warning so newer firebase-tools still start us. */
  ignored: string[];
}

const VALUE_FLAGS = new Set([
  'host',
  'port',
  'websocket_port',
  'webchannel_port',
  'project_id',
  'rules',
  'single_project_mode',
  'functions_emulator',
  'database-edition',
  'database_edition',
  'seed_from_export',
  'import',
  'indexes',
]);

/** Flags without a value; `true`/`false` may follow. */
const BOOLEAN_FLAGS = new Set([
  'require-indexes',
  'require_indexes',
  'report-hotspots',
  'report_hotspots',
  'report-rules-reads',
  'report_rules_reads',
]);

export class ArgsError extends Error {}

export function parseArgs(argv: string[]): EmulatorArgs {
  const values = new Map<string, string>();
  const booleans = new Map<string, boolean>();
  const ignored: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      ignored.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    let value: string | undefined = eq < 0 ? undefined : arg.slice(eq + 1);
    if (BOOLEAN_FLAGS.has(name)) {
      if (value === undefined && (argv[i + 1] === 'true' || argv[i + 1] === 'false'))
        value = argv[++i];
      if (value !== undefined && value !== 'true' && value !== 'false')
        throw new ArgsError(`--${name} takes no value, or true/false; got "${value}".`);
      booleans.set(name.replaceAll('_', '-'), value !== 'false');
      continue;
    }
    if (value === undefined && i + 1 < argv.length && !argv[i + 1]!.startsWith('--'))
      value = argv[++i];
    if (!VALUE_FLAGS.has(name)) {
      ignored.push(value === undefined ? arg : `${arg} ${value}`);
      continue;
    }
    if (value === undefined) throw new ArgsError(`--${name} needs a value.`);
    values.set(name, value);
  }
  return {
    host: values.get('host') ?? '127.0.0.1',
    port: portOf(values.get('port') ?? '8080', 'port'),
    websocketPort: values.has('websocket_port')
      ? portOf(values.get('websocket_port')!, 'websocket_port')
      : null,
    projectId: values.get('project_id') ?? null,
    rules: values.get('rules') ?? null,
    singleProjectMode: values.get('single_project_mode') === 'true',
    functionsEmulator: values.get('functions_emulator') ?? null,
    databaseEdition: values.get('database-edition') ?? values.get('database_edition') ?? null,
    seedFromExport: values.get('seed_from_export') ?? values.get('import') ?? null,
    requireIndexes: booleans.get('require-indexes') ?? false,
    reportHotspots: booleans.get('report-hotspots') ?? false,
    reportRulesReads: booleans.get('report-rules-reads') ?? false,
    indexes: values.get('indexes') ?? null,
    ignored,
  };
}

function portOf(text: string, flag: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new ArgsError(`--${flag} must be a port number (0-65535), got "${text}".`);
  return port;
}
