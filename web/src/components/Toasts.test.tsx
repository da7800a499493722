// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';
import { toast, useToasts } from './toast-store';
import { Toasts } from './Toasts';

describe('Toasts', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));

  it('stay reachable by assistive tech while a dialog makes the app inert', async () => {
    render(
      <div>
        <p>app</p>
        <Dialog open onClose={() => undefined} title="Decline report">
          <button type="button">inside</button>
        </Dialog>
        <Toasts />
      </div>,
    );
    await screen.findByRole('dialog', { name: 'Decline report' });
    act(() => void toast.success('Report declined', 'The reporter will be notified.'));
    expect(screen.getByRole('status')).toHaveTextContent('Report declined');
    expect(screen.getByRole('button', { name: 'Dismiss Report declined' })).toBeInTheDocument();
  });

  it('can be dismissed early', () => {
    render(<Toasts />);
    act(() => void toast.error('Could not save', 'Try again.'));
    act(() => screen.getByRole('button', { name: 'Dismiss Could not save' }).click());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('say why an action failed with what was thrown', () => {
    render(<Toasts />);
    act(() => void toast.failure('Could not delete the tag', new Error('Tag is in use.')));
    act(() => void toast.failure('Could not save', 'offline'));
    const [first, second] = screen.getAllByRole('alert');
    expect(first).toHaveTextContent('Could not delete the tag');
    expect(first).toHaveTextContent('Tag is in use.');
    expect(second).toHaveTextContent('offline');
  });
});
