// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_ESCALATION_POLICY, type EscalationPolicyDoc } from '@campus-safety/model';
import type { WithId } from '../../data/spec';

const { saveEscalationPolicy } = vi.hoisted(() => ({
  saveEscalationPolicy: vi.fn(() => Promise.resolve()),
}));
vi.mock('../../data/on-call', () => ({ saveEscalationPolicy }));

import { EscalationPolicyForm } from './EscalationPolicyForm';

const read = (status: 'loading' | 'ready' | 'error', error: string | null = null) => ({
  status,
  error,
  retry: vi.fn(),
});

describe('EscalationPolicyForm', () => {
  it('says the policies could not be read and offers no Save over the stored one', async () => {
    const failed = read('error', 'You do not have permission to do this.');
    render(<EscalationPolicyForm campus="main" stored={undefined} read={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not read the stored escalation policy, so it cannot be changed now.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(screen.queryByRole('button', { name: 'Save policy' })).toBeNull();
    expect(screen.queryByText('The default policy applies.', { exact: false })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.retry).toHaveBeenCalledOnce();
    expect(saveEscalationPolicy).not.toHaveBeenCalled();
  });

  it('shows the stored policy once read and follows a save made elsewhere', () => {
    const policy = (everyMinutes: number, savedAt: number) =>
      ({
        id: 'main',
        steps: DEFAULT_ESCALATION_POLICY.steps,
        repeat: { everyMinutes, times: 2 },
        updatedBy: { uid: 'a1', name: 'Ada Admin' },
        updatedAt: { toMillis: () => savedAt, toDate: () => new Date(savedAt) },
      }) as unknown as WithId<EscalationPolicyDoc>;
    const { rerender } = render(
      <EscalationPolicyForm campus="main" stored={undefined} read={read('loading')} />,
    );
    expect(screen.queryByRole('button', { name: 'Save policy' })).toBeNull();
    rerender(<EscalationPolicyForm campus="main" stored={policy(45, 1)} read={read('ready')} />);
    expect(screen.getByLabelText('Repeat the last level every (min)')).toHaveValue(45);
    expect(screen.getByRole('button', { name: 'Save policy' })).toBeInTheDocument();
    rerender(<EscalationPolicyForm campus="main" stored={policy(20, 2)} read={read('ready')} />);
    expect(screen.getByLabelText('Repeat the last level every (min)')).toHaveValue(20);
  });
});
