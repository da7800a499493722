// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { ConfirmDialog } from './Dialog';
import { useToasts } from './toast-store';
import { useAction, type ActionOptions } from './use-action';

/** Two buttons starting one action with different arguments, as the campus leads panel does. */
function Saves({
  save,
  options,
}: {
  save: (campus: string) => Promise<void>;
  options?: ActionOptions;
}) {
  const action = useAction(save, options);
  return (
    <>
      {['North', 'South'].map((campus) => (
        <Button
          key={campus}
          busy={action.running?.[0] === campus}
          onClick={() => void action.run(campus)}
        >
          Save {campus}
        </Button>
      ))}
      {action.failure && <p role="alert">{action.failure}</p>}
    </>
  );
}

function deferred() {
  let settle = { resolve: () => undefined as void, reject: (_: Error) => undefined as void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe('useAction', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));

  it('is busy only on the run in flight, with its arguments', async () => {
    const pending = deferred();
    const save = vi.fn(() => pending.promise);
    render(<Saves save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save South' }));
    expect(save).toHaveBeenCalledWith('South');
    expect(screen.getByRole('button', { name: 'Save South' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save North' })).toBeEnabled();
    pending.resolve();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save South' })).toBeEnabled(),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why it failed, in the toast titled for it too, and starts clean on the next run', async () => {
    const save = vi.fn((): Promise<void> => Promise.reject(new Error('Permission denied')));
    render(<Saves save={save} options={{ failureTitle: 'Could not save the lead' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save North' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied');
    expect(useToasts.getState().toasts).toMatchObject([
      { title: 'Could not save the lead', message: 'Permission denied', tone: 'error' },
    ]);
    expect(screen.getByRole('button', { name: 'Save North' })).toBeEnabled();

    save.mockImplementation(() => Promise.resolve());
    await userEvent.click(screen.getByRole('button', { name: 'Save North' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('words the failure with failureText and shows no toast without a title', async () => {
    const save = () => Promise.reject(Object.assign(new Error('x'), { code: 'auth/quota' }));
    render(<Saves save={save} options={{ failureText: () => 'Too many codes: wait a minute.' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save South' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes: wait a minute.');
    expect(useToasts.getState().toasts).toEqual([]);
  });
});

describe('ConfirmDialog', () => {
  it('stays open and busy until the action settles, and says why it failed', async () => {
    const pending = deferred();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete tag"
        message="The tag goes away."
        confirmLabel="Delete"
        onConfirm={() => pending.promise}
        failureTitle="Could not delete the tag"
        onClose={onClose}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    pending.reject(new Error('The tag is in use.'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not delete the tag');
    expect(alert).toHaveTextContent('The tag is in use.');
    expect(useToasts.getState().toasts).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Delete tag' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
