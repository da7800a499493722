import { HttpsError, type FunctionsErrorCode } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { InputError } from '../schemas/parse';

export function fail(code: FunctionsErrorCode, message: string, details?: unknown): never {
  throw new HttpsError(code, message, details);
}

/**
 * Turns whatever a callable's work threw into an HttpsError: input errors become invalid-argument
 * with the field problems as details; HttpsErrors pass; anything else is logged and reported as
 * `internal` with the operation's own failure message, never a stack trace.
 */
export function toHttpsError(error: unknown, fallbackMessage: string): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof InputError)
    return new HttpsError('invalid-argument', error.message, { issues: error.issues });
  logger.error(fallbackMessage, error);
  return new HttpsError('internal', fallbackMessage);
}

/** gRPC code Firestore reports when create() meets an existing document. */
export const ALREADY_EXISTS = 6;

export function isAlreadyExists(error: unknown): boolean {
  return (error as { code?: unknown })?.code === ALREADY_EXISTS;
}

/** gRPC code of an update of a document that no longer exists. */
export const NOT_FOUND = 5;

export function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown })?.code === NOT_FOUND;
}

/** gRPC code of a write whose precondition (e.g. last update time) no longer holds. */
export const FAILED_PRECONDITION = 9;

export function isFailedPrecondition(error: unknown): boolean {
  return (error as { code?: unknown })?.code === FAILED_PRECONDITION;
}

export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}
