import { FirestoreApiError, GrpcCode } from '../service.js';

const STATUS_NAMES = Object.fromEntries(
  Object.entries(GrpcCode).map(([name, code]) => [code, name]),
) as Record<GrpcCode, keyof typeof GrpcCode>;

/** HTTP statuses for gRPC codes, as Google's REST APIs map them. */
const HTTP_STATUS: Record<GrpcCode, number> = {
  [GrpcCode.OK]: 200,
  [GrpcCode.CANCELLED]: 499,
  [GrpcCode.UNKNOWN]: 500,
  [GrpcCode.INVALID_ARGUMENT]: 400,
  [GrpcCode.DEADLINE_EXCEEDED]: 504,
  [GrpcCode.NOT_FOUND]: 404,
  [GrpcCode.ALREADY_EXISTS]: 409,
  [GrpcCode.PERMISSION_DENIED]: 403,
  [GrpcCode.RESOURCE_EXHAUSTED]: 429,
  [GrpcCode.FAILED_PRECONDITION]: 400,
  [GrpcCode.ABORTED]: 409,
  [GrpcCode.OUT_OF_RANGE]: 400,
  [GrpcCode.UNIMPLEMENTED]: 501,
  [GrpcCode.INTERNAL]: 500,
  [GrpcCode.UNAVAILABLE]: 503,
  [GrpcCode.DATA_LOSS]: 500,
  [GrpcCode.UNAUTHENTICATED]: 401,
};

export function statusName(code: GrpcCode): string {
  return STATUS_NAMES[code];
}

export function httpStatusOf(code: GrpcCode): number {
  return HTTP_STATUS[code];
}

export function invalidArgument(message: string): FirestoreApiError {
  return new FirestoreApiError(GrpcCode.INVALID_ARGUMENT, message);
}

/**
 * Turns anything thrown into the error sent to the client. Only FirestoreApiError is deliberate;
 * anything else is a bug, reported as INTERNAL (and logged by the caller) without its stack.
 */
export function toApiError(error: unknown, log?: (line: string) => void): FirestoreApiError {
  if (error instanceof FirestoreApiError) return error;
  log?.(
    `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  const message = error instanceof Error ? error.message : String(error);
  return new FirestoreApiError(GrpcCode.INTERNAL, `Internal error: ${message}`);
}

/** Google's JSON error body. */
export function errorBody(error: FirestoreApiError): {
  error: { code: number; message: string; status: string };
} {
  return {
    error: {
      code: httpStatusOf(error.code),
      message: error.message,
      status: statusName(error.code),
    },
  };
}
