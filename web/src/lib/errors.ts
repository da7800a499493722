import { recordLimitMessage, type CountedRecord } from '@campus-safety/model';

/**
 * Plain-text messages for the errors the Firebase SDKs throw. Pure functions over `{code, message}`
 * so they are tested without Firebase.
 */
interface CodedError {
  code?: unknown;
  message?: unknown;
}

function codeOf(error: unknown): string {
  const code = (error as CodedError | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** The web SDK (firebase 12) appends the HTTP status to a callable's message: `… [400]`. */
const HTTP_STATUS_SUFFIX = /\s*\[\d{3}\]$/;

function serverMessage(error: unknown): string | null {
  const raw = (error as CodedError | null)?.message;
  if (typeof raw !== 'string') return null;
  const message = raw
    .replace(HTTP_STATUS_SUFFIX, '')
    .replace(/^Firebase(Error)?:\s*/, '')
    .replace(/\s*\((functions|firestore)\/[\w-]+\)\.?$/, '')
    .trim();
  // The SDK's own generic wording ("internal", "INTERNAL") tells a user nothing.
  if (message === '' || /^(internal|unknown)$/i.test(message)) return null;
  return message;
}

/** Storage SDK codes (docs/requirements.md#errors). */
const STORAGE_MESSAGES: Record<string, string> = {
  'storage/unknown': 'An unknown error occurred while handling the file. Please try again.',
  'storage/object-not-found': 'The file does not exist.',
  'storage/bucket-not-found': 'The file storage bucket is not configured.',
  'storage/project-not-found': 'The file storage project is not configured.',
  'storage/quota-exceeded':
    'The file storage quota has been exceeded. Please contact an administrator.',
  'storage/unauthenticated':
    'User is not authenticated, please authenticate using Firebase Authentication and try again.',
  'storage/unauthorized': 'You do not have permission to upload or read this file.',
  'storage/unauthorized-app': 'This app is not allowed to use file storage.',
  'storage/retry-limit-exceeded': 'Max retry time for operation exceeded, please try again.',
  'storage/invalid-checksum': 'The file was corrupted during upload. Please try again.',
  'storage/canceled': 'User canceled the upload/download.',
  'storage/invalid-url': 'The file address is not valid.',
  'storage/invalid-argument': 'The file could not be read. Please choose another file.',
  'storage/invalid-format': 'The file data is in an invalid format.',
  'storage/no-download-url': 'No download link exists for this file.',
  'storage/app-deleted': 'The app was closed while the file was being handled. Please reload.',
  'storage/server-file-wrong-size': 'The uploaded size does not match the file. Please try again.',
  'storage/cannot-slice-blob':
    'The file changed while it was being uploaded. Please choose it again.',
  'storage/invalid-root-operation': 'Files cannot be stored at the root of the bucket.',
};

export function storageErrorMessage(error: unknown): string {
  return STORAGE_MESSAGES[codeOf(error)] ?? STORAGE_MESSAGES['storage/unknown']!;
}

/** HttpsError codes of callables. */
const CALLABLE_FALLBACKS: Record<string, string> = {
  'functions/unauthenticated': 'Your session has ended. Please sign in again.',
  'functions/permission-denied': 'You do not have permission to do this.',
  'functions/invalid-argument': 'Some of the information is not valid.',
  'functions/already-exists': 'This already exists.',
  'functions/not-found': 'The item no longer exists.',
  'functions/failed-precondition': 'This cannot be done in the current state.',
  'functions/resource-exhausted': 'Too many requests. Please wait a moment and try again.',
  'functions/unavailable': 'The server could not be reached. Check your connection and try again.',
  'functions/deadline-exceeded': 'The server took too long to answer. Please try again.',
  'functions/internal': 'Something went wrong on the server. Please try again.',
};

export function callableErrorMessage(error: unknown): string {
  const code = codeOf(error);
  const fallback = CALLABLE_FALLBACKS[code] ?? 'Something went wrong. Please try again.';
  // internal/unavailable carry SDK wording, not the function's; the others carry the function's reason.
  if (code === 'functions/internal' || code === 'functions/unavailable') return fallback;
  return serverMessage(error) ?? fallback;
}

/** A refused callable: readable text, plus each field's problem for the form to show inline. */
/** A report holds as many records of a kind as it may (RECORD_COUNT_LIMITS): nothing was written. */
export class RecordLimitError extends Error {
  constructor(readonly record: CountedRecord) {
    super(recordLimitMessage(record));
    this.name = 'RecordLimitError';
  }
}

export class CallableError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string>,
    /** The callable's `details` as sent (e.g. createAccount's `unverifiedHolder`). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'CallableError';
  }
}

/**
 * The per-field problems a callable reported in `details.issues` (`{path, message}` each, as the
 * functions' input validation sends them), keyed by field path with the first problem of each
 * field, so a form can show them next to its fields. Empty when the error carries none.
 */
export function callableFieldErrors(error: unknown): Record<string, string> {
  const issues = (error as { details?: { issues?: unknown } } | null)?.details?.issues;
  const fields: Record<string, string> = {};
  if (!Array.isArray(issues)) return fields;
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    const path = issue?.path;
    const message = issue?.message;
    if (typeof path !== 'string' || path === '' || typeof message !== 'string') continue;
    fields[path] ??= message;
  }
  return fields;
}

const FIRESTORE_MESSAGES: Record<string, string> = {
  'permission-denied': 'You do not have permission to do this.',
  unauthenticated: 'Your session has ended. Please sign in again.',
  'not-found': 'The item no longer exists.',
  'failed-precondition': 'This cannot be done right now (the database may need an index).',
  unavailable: 'The database could not be reached. Check your connection and try again.',
  'deadline-exceeded': 'The database took too long to answer. Please try again.',
  'invalid-argument': 'Some of the information is not valid.',
  'resource-exhausted': 'Too many requests. Please wait a moment and try again.',
};

export function firestoreErrorMessage(error: unknown): string {
  const code = codeOf(error).replace(/^firestore\//, '');
  return FIRESTORE_MESSAGES[code] ?? 'Something went wrong. Please try again.';
}

/** The text of an Error this console threw itself (already readable), else a generic line. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && !codeOf(error)) return error.message;
  return firestoreErrorMessage(error);
}
