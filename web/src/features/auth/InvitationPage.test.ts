import { describe, expect, it } from 'vitest';
import { invitationPath, parseInvitationCode } from '@campus-safety/model';
import { validateInvitationForm } from './InvitationPage';

describe('invitation page', () => {
  it('asks for the model’s password policy and two equal entries', () => {
    expect(validateInvitationForm({ password: 'short', confirm: 'short' }).password).toBe(
      'Use at least 12 characters.',
    );
    expect(
      validateInvitationForm({ password: 'aaaaaaaaaaaa', confirm: 'aaaaaaaaaaaa' }).password,
    ).toBe('Use at least 5 different characters.');
    expect(
      validateInvitationForm({ password: 'Patrol duty 2026', confirm: 'Patrol duty 2025' }),
    ).toEqual({ password: undefined, confirm: 'The two passwords differ.' });
    expect(
      validateInvitationForm({ password: 'Patrol duty 2026', confirm: 'Patrol duty 2026' }),
    ).toEqual({ password: undefined, confirm: undefined });
  });

  it('reads the code back from the link the Admin was shown, and nothing less', () => {
    const secret = 'abcdefghijkmnpqrstuvwxyzABCDEFGH';
    const path = invitationPath(`uid-1.${secret}`);
    expect(path).toBe(`/invitation#uid-1.${secret}`);
    expect(parseInvitationCode(path.split('#')[1]!)).toEqual({ uid: 'uid-1', secret });
    expect(parseInvitationCode(`uid-1.${secret.slice(1)}`)).toBeNull();
    expect(parseInvitationCode(secret)).toBeNull();
  });
});
