import { existsSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { FirestoreApiError, GrpcCode, type FirestoreService, type JsonObject } from '../service.js';
import { invalidArgument } from './errors.js';
import type { ProjectRules } from './rules.js';
import { rulesIssuesOf } from './rules.js';
import type { TriggerRegistry } from './triggers.js';

/**
 * The emulator's own HTTP endpoints, as firebase-tools, the Functions emulator and
 * @firebase/rules-unit-testing call them.
 */

export interface EndpointDeps {
  service: FirestoreService;
  rules: ProjectRules;
  triggers: TriggerRegistry;
  log: (line: string) => void;
}

export interface EndpointResult {
  status: number;
  body: unknown;
  /** Plain text instead of JSON. */
  text?: boolean;
}

/** firebase-tools records this file in firebase-export-metadata.json and passes it back on import. */
export const EXPORT_METADATA_SUFFIX = '.overall_export_metadata';

export async function handleEmulatorEndpoint(
  deps: EndpointDeps,
  method: string,
  url: URL,
  readBody: () => Promise<unknown>,
): Promise<EndpointResult | null> {
  const path = url.pathname;
  if (path === '/' && (method === 'GET' || method === 'HEAD'))
    return { status: 200, body: 'Ok', text: true };
  if (!path.startsWith('/emulator/v1/')) return null;

  let m = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/.exec(path);
  if (m && method === 'DELETE') {
    deps.service.clear(decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
    return { status: 200, body: {} };
  }

  m = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/.exec(path);
  if (m && method === 'PUT') return loadRules(deps, decodeURIComponent(m[1]!), await readBody());

  m = /^\/emulator\/v1\/projects\/([^/:]+):export$/.exec(path);
  if (m && method === 'POST') return exportData(deps, await readBody());

  m = /^\/emulator\/v1\/projects\/([^/:]+)\/usage$/.exec(path);
  if (m && method === 'GET') return { status: 200, body: deps.service.usage() };
  if (m && method === 'DELETE') {
    deps.service.resetUsage();
    return { status: 200, body: deps.service.usage() };
  }

  m = /^\/emulator\/v1\/projects\/([^/:]+)\/eventarcTrigger$/.exec(path);
  if (m && method === 'POST') {
    const id = url.searchParams.get('eventarcTriggerId');
    if (!id) throw invalidArgument('eventarcTriggerId is required.');
    deps.triggers.registerV2(decodeURIComponent(m[1]!), id, bodyObject(await readBody()));
    return { status: 200, body: {} };
  }

  m = /^\/emulator\/v1\/projects\/([^/:]+)\/triggers\/([^/]+)$/.exec(path);
  if (m && method === 'PUT') {
    deps.triggers.registerV1(
      decodeURIComponent(m[1]!),
      decodeURIComponent(m[2]!),
      bodyObject(await readBody()),
    );
    return { status: 200, body: {} };
  }

  m = /^\/emulator\/v1\/projects\/([^/:]+)\/triggers$/.exec(path);
  if (m && method === 'GET')
    return { status: 200, body: { triggers: deps.triggers.list(decodeURIComponent(m[1]!)) } };
  if (m && method === 'DELETE') {
    deps.triggers.clear(decodeURIComponent(m[1]!));
    return { status: 200, body: {} };
  }

  throw new FirestoreApiError(GrpcCode.NOT_FOUND, `No emulator endpoint ${method} ${path}`);
}

function bodyObject(body: unknown): JsonObject {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidArgument('The request body must be a JSON object.');
  }
  return body as JsonObject;
}

/** `PUT /emulator/v1/projects/{p}:securityRules` with `{rules: {files: [{name?, content}]}}`. */
function loadRules(deps: EndpointDeps, projectId: string, raw: unknown): EndpointResult {
  const body = bodyObject(raw);
  const files = ((body.rules as JsonObject | undefined)?.files ?? []) as {
    name?: unknown;
    content?: unknown;
  }[];
  const file = Array.isArray(files) ? files[0] : undefined;
  if (!file || typeof file.content !== 'string') {
    throw invalidArgument('Expected {"rules": {"files": [{"content": "<rules source>"}]}}.');
  }
  const fileName = typeof file.name === 'string' ? file.name : 'firestore.rules';
  try {
    deps.rules.load(projectId, file.content, fileName);
  } catch (error) {
    const issues = rulesIssuesOf(error);
    if (!issues) throw error;
    const described = issues.map((i) => ({
      sourcePosition: { fileName, line: i.line, column: i.column },
      description: i.message,
      severity: 'ERROR',
    }));
    if (body.ignore_errors === true) return { status: 200, body: { issues: described } };
    throw invalidArgument(
      `Failed to load the rules:\n${issues.map((i) => `${fileName}:${i.line}:${i.column}: ${i.message}`).join('\n')}`,
    );
  }
  deps.log(`rules loaded for project ${projectId}`);
  return { status: 200, body: { issues: [] } };
}

/** `POST /emulator/v1/projects/{p}:export` with `{database, export_directory, export_name}`. */
async function exportData(deps: EndpointDeps, raw: unknown): Promise<EndpointResult> {
  const body = bodyObject(raw);
  const directory = body.export_directory;
  // firebase-tools passes a directory relative to its working directory, which we share.
  if (typeof directory !== 'string' || directory === '') {
    throw invalidArgument('export_directory must be a directory path.');
  }
  const name =
    typeof body.export_name === 'string' && body.export_name
      ? body.export_name
      : 'firestore_export';
  if (name.includes('..')) throw invalidArgument('export_name must not contain "..".');
  const target = resolve(directory, name);
  await mkdir(target, { recursive: true });
  await deps.service.exportTo(target);
  const metadata = join(target, `${name}${EXPORT_METADATA_SUFFIX}`);
  if (!existsSync(metadata)) {
    await writeFile(
      metadata,
      `${JSON.stringify({ format: 'campus-safety-firestore-emulator', exportedAt: new Date().toISOString() })}\n`,
    );
  }
  deps.log(`exported to ${target}`);
  return { status: 200, body: { outputUriPrefix: target } };
}

/** The directory to import from: firebase-tools passes the export's metadata file. */
export function importDirectoryOf(seed: string): string {
  return existsSync(seed) && statSync(seed).isFile() ? dirname(seed) : seed;
}
