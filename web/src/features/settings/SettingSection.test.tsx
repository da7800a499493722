// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SettingSection } from './SettingSection';

// The history is a live query of its own; here it stays loading.
vi.mock('./SettingHistory', () => ({ SettingHistory: () => null }));

type Stored = Parameters<typeof SettingSection>[0]['live'];
const live = (entry: Omit<Stored, 'retry'>): Stored => ({ ...entry, retry: vi.fn() }) as Stored;

function section(state: Stored) {
  return render(
    <SettingSection
      name="responseTargets"
      description="Minutes per threat level."
      live={state}
      form={{ read: state, busy: false, failure: null, submit: vi.fn() }}
      saveLabel="Save targets"
    >
      <input aria-label="Assign within" />
    </SettingSection>,
  );
}

describe('SettingSection', () => {
  it('offers no editor and no Save while the stored setting is unread', () => {
    section(live({ status: 'loading', data: null, error: null }));
    expect(screen.queryByRole('button', { name: 'Save targets' })).toBeNull();
    expect(screen.queryByLabelText('Assign within')).toBeNull();
    expect(screen.queryByText(/The defaults apply/)).toBeNull();
  });

  it('says the read failed, offers a retry, and never Save over what it could not read', () => {
    const failed = live({
      status: 'error',
      data: null,
      error: 'Missing or insufficient permissions.',
    });
    section(failed);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not read the stored setting');
    expect(screen.getByRole('alert')).toHaveTextContent('Missing or insufficient permissions.');
    expect(screen.queryByRole('button', { name: 'Save targets' })).toBeNull();
    expect(screen.queryByText(/The defaults apply/)).toBeNull();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(failed.retry).toHaveBeenCalledOnce();
  });

  it('edits the defaults when nothing is stored, and the stored setting once read', () => {
    const { unmount } = section(live({ status: 'ready', data: null, error: null }));
    expect(screen.getByText(/The defaults apply/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save targets' })).toBeInTheDocument();
    unmount();
    section(
      live({
        status: 'ready',
        data: {
          id: 'responseTargets',
          updatedBy: { uid: 'a1', name: 'Ada Admin' },
          updatedAt: new Date('2026-11-30T10:00:00Z'),
        },
        error: null,
      } as Omit<Stored, 'retry'>),
    );
    expect(screen.getByText(/Changed by Ada Admin/)).toBeInTheDocument();
    expect(screen.getByLabelText('Assign within')).toBeInTheDocument();
  });
});
