import { describe, expect, it } from 'vitest';
import { callableErrorMessage, firestoreErrorMessage, storageErrorMessage } from './errors';

describe('storageErrorMessage (spec section 8)', () => {
  it.each([
    [
      'storage/unauthenticated',
      'User is not authenticated, please authenticate using Firebase Authentication and try again.',
    ],
    ['storage/retry-limit-exceeded', 'Max retry time for operation exceeded, please try again.'],
    ['storage/canceled', 'User canceled the upload/download.'],
    ['storage/unauthorized', 'You do not have permission to upload or read this file.'],
    [
      'storage/quota-exceeded',
      'The file storage quota has been exceeded. Please contact an administrator.',
    ],
    ['storage/object-not-found', 'The file does not exist.'],
  ])('%s becomes plain text', (code, text) => {
    expect(
      storageErrorMessage({ code, message: 'Firebase Storage: raw SDK text (storage/x)' }),
    ).toBe(text);
  });

  it('never shows the SDK text for codes it does not know', () => {
    expect(storageErrorMessage({ code: 'storage/brand-new', message: 'raw' })).toBe(
      'An unknown error occurred while handling the file. Please try again.',
    );
    expect(storageErrorMessage(null)).toBe(
      'An unknown error occurred while handling the file. Please try again.',
    );
  });
});

describe('callableErrorMessage', () => {
  it("shows the function's reason for refusals", () => {
    expect(
      callableErrorMessage({
        code: 'functions/invalid-argument',
        message: 'Invalid scheduledDate format.',
      }),
    ).toBe('Invalid scheduledDate format.');
    expect(
      callableErrorMessage({
        code: 'functions/already-exists',
        message: 'An account already uses this email.',
      }),
    ).toBe('An account already uses this email.');
  });

  it('replaces SDK wording of internal and unavailable errors with readable text', () => {
    expect(callableErrorMessage({ code: 'functions/internal', message: 'internal' })).toBe(
      'Something went wrong on the server. Please try again.',
    );
    expect(callableErrorMessage({ code: 'functions/unavailable', message: 'unavailable' })).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
  });

  it('falls back per code when the function gave no message', () => {
    expect(callableErrorMessage({ code: 'functions/permission-denied', message: '' })).toBe(
      'You do not have permission to do this.',
    );
  });
});

describe('firestoreErrorMessage', () => {
  it('maps permission refusals with or without the firestore/ prefix', () => {
    expect(firestoreErrorMessage({ code: 'permission-denied' })).toBe(
      'You do not have permission to do this.',
    );
    expect(firestoreErrorMessage({ code: 'firestore/permission-denied' })).toBe(
      'You do not have permission to do this.',
    );
  });
});
