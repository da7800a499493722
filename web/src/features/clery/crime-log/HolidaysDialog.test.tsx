// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { saveCleryCalendar } = vi.hoisted(() => ({
  saveCleryCalendar: vi.fn((request: { holidays: string[] }) => Promise.resolve(request)),
}));
vi.mock('../api', () => ({ saveCleryCalendar }));

import { HolidaysDialog } from './HolidaysDialog';

const read = (status: 'loading' | 'ready' | 'error', error: string | null = null) => ({
  status,
  error,
  retry: vi.fn(),
});

describe('HolidaysDialog', () => {
  beforeEach(() => saveCleryCalendar.mockClear());

  it('says the calendar could not be read and offers no Save, which would erase its holidays', async () => {
    const failed = read('error', 'Missing or insufficient permissions.');
    const onClose = vi.fn();
    render(<HolidaysDialog holidays={[]} read={failed} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Holidays' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Could not read the stored holidays, so it cannot be changed now.',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Missing or insufficient permissions.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Save holidays' })).toBeNull();
    expect(within(dialog).queryByLabelText('Add a holiday')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(failed.retry).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(saveCleryCalendar).not.toHaveBeenCalled();
  });

  it('waits for the calendar, then edits the stored holidays and saves the whole list', async () => {
    const { rerender } = render(
      <HolidaysDialog holidays={[]} read={read('loading')} onClose={() => undefined} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Reading the stored holidays…');
    expect(screen.queryByRole('button', { name: 'Save holidays' })).toBeNull();
    rerender(
      <HolidaysDialog
        holidays={['2026-12-25', '2026-11-26']}
        read={read('ready')}
        onClose={() => undefined}
      />,
    );
    const listed = within(screen.getByRole('list', { name: 'Holidays' })).getAllByRole('listitem');
    expect(listed).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove 2026-11-26' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save holidays' }));
    expect(saveCleryCalendar).toHaveBeenCalledWith({ holidays: ['2026-12-25'] });
  });
});
