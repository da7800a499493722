import type { Caller, TokenClaims } from '../service.js';

/**
 * Decides who is calling from an HTTP Authorization header, as the official emulator does:
 * `Bearer owner` is the admin SDK (rules bypassed); `Bearer <jwt>` is a Firebase user whose token
 * payload is decoded without checking the signature; anything else is anonymous.
 */
export function callerFromAuthorization(header: string | undefined): Caller {
  if (!header) return { kind: 'anonymous' };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { kind: 'anonymous' };
  const token = match[1]!;
  if (token === 'owner') return { kind: 'owner' };
  const payload = decodeJwtPayload(token);
  return payload ? { kind: 'user', token: payload } : { kind: 'anonymous' };
}

function decodeJwtPayload(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length < 2 || !parts[1]) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return decoded !== null && typeof decoded === 'object' && !Array.isArray(decoded)
      ? (decoded as TokenClaims)
      : null;
  } catch {
    return null;
  }
}
