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
]);

export class ArgsError extends Error {}

export function parseArgs(argv: string[]): EmulatorArgs {
  const values = new Map<string, string>();
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
    ignored,
  };
}

function portOf(text: string, flag: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new ArgsError(`--${flag} must be a port number (0-65535), got "${text}".`);
  return port;
}
