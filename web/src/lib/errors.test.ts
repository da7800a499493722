import { describe, expect, it } from 'vitest';
import {
  callableErrorMessage,
  callableFieldErrors,
  firestoreErrorMessage,
  storageErrorMessage,
} from './errors';

describe('storageErrorMessage (docs/requirements.md#errors)', () => {
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

describe('callableErrorMessage with the web SDK 12 status suffix', () => {
  it('removes a trailing " [NNN]" the SDK appends', () => {
    expect(
      callableErrorMessage({
        code: 'functions/invalid-argument',
        message: 'Invalid scheduledDate format. [400]',
      }),
    ).toBe('Invalid scheduledDate format.');
    expect(
      callableErrorMessage({
        code: 'functions/not-found',
        message: 'Failed to update tag. The tag no longer exists. [404]',
      }),
    ).toBe('Failed to update tag. The tag no longer exists.');
  });

  it('keeps brackets that are part of the reason, and falls back when only the status is left', () => {
    expect(
      callableErrorMessage({ code: 'functions/already-exists', message: 'Tag [2026] exists.' }),
    ).toBe('Tag [2026] exists.');
    expect(callableErrorMessage({ code: 'functions/permission-denied', message: ' [403]' })).toBe(
      'You do not have permission to do this.',
    );
  });
});

describe('callableFieldErrors', () => {
  it("gives each field's first problem from details.issues", () => {
    expect(
      callableFieldErrors({
        code: 'functions/invalid-argument',
        message: 'Title must be at most 150 characters. [400]',
        details: {
          issues: [
            { path: 'title', message: 'Title must be at most 150 characters.' },
            { path: 'tags.0', message: 'Each tag must be text.' },
            { path: 'title', message: 'A second title problem.' },
          ],
        },
      }),
    ).toEqual({
      title: 'Title must be at most 150 characters.',
      'tags.0': 'Each tag must be text.',
    });
  });

  it('is empty when the error has no usable issues', () => {
    expect(callableFieldErrors({ code: 'functions/not-found', message: 'Gone.' })).toEqual({});
    expect(callableFieldErrors(null)).toEqual({});
    expect(
      callableFieldErrors({
        details: { issues: [{ path: '', message: 'whole input' }, { path: 'x' }, 'junk'] },
      }),
    ).toEqual({});
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
