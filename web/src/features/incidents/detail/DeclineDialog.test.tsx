// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const declineIncident = vi.fn();
let refusal: Error | null = null;
vi.mock('../api', () => ({
  declineIncident: (...args: unknown[]) => {
    declineIncident(...args);
    return refusal ? Promise.reject(refusal) : Promise.resolve();
  },
}));

import { DeclineDialog } from './DeclineDialog';
import type { Incident } from '../../../data/incidents';

const incident = { id: 'inc-1', status: 'Reported', isArchived: false } as Incident;

describe('DeclineDialog', () => {
  beforeEach(() => {
    declineIncident.mockReset();
    refusal = null;
  });

  it('requires a reason and a description before sending', async () => {
    render(<DeclineDialog incident={incident} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decline report' }));
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription('Choose a reason.');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      'Description is required.',
    );
    expect(declineIncident).not.toHaveBeenCalled();
  });

  it('writes the decline intent and closes', async () => {
    const onClose = vi.fn();
    render(<DeclineDialog incident={incident} onClose={onClose} />);
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'Duplicate report');
    await userEvent.type(screen.getByLabelText('Description'), 'Same as the 9:14 report');
    await userEvent.click(screen.getByRole('button', { name: 'Decline report' }));
    expect(declineIncident).toHaveBeenCalledWith(
      'inc-1',
      'Duplicate report',
      'Same as the 9:14 report',
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps what was typed when the server refuses', async () => {
    // Rejected through a plain promise: a rejecting vi.fn was reported as a failure here although the dialog handles it.
    refusal = new Error('You do not have permission to do this.');
    const onClose = vi.fn();
    render(<DeclineDialog incident={incident} onClose={onClose} />);
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'Other');
    await userEvent.type(screen.getByLabelText('Description'), 'Not ours');
    await userEvent.click(screen.getByRole('button', { name: 'Decline report' }));
    expect(declineIncident).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Description')).toHaveValue('Not ours');
    expect(screen.getByLabelText('Reason')).toHaveValue('Other');
  });
});
