// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldProblems, setLegalHoldSchema } from '@campus-safety/model';
import { CallableError } from '../lib/errors';
import { Button } from './Button';
import { TextField } from './fields';
import { useToasts } from './toast-store';
import { useForm } from './use-form';

function NameForm({ send }: { send: (values: { name: string }) => Promise<void> }) {
  const form = useForm<{ name: string }>({
    initial: { name: '' },
    validate: ({ name }) => ({ name: name ? undefined : 'Name is required.' }),
    send: async (values, { reset }) => {
      await send(values);
      reset();
    },
    failureTitle: 'Could not save',
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <TextField label="Name" {...form.field('name')} />
      {form.failure && <p role="alert">{form.failure}</p>}
      <Button type="submit" busy={form.busy}>
        Save
      </Button>
    </form>
  );
}

describe('useForm', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));

  it('does not send while a field has a problem', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<NameForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required.');
    expect(send).not.toHaveBeenCalled();
  });

  it('is busy while sending, sends the typed values, then can start over', async () => {
    let finish = () => undefined as void;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<NameForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledWith({ name: 'Ana' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    finish();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("shows the server's problem with a field next to that field", async () => {
    const refused = new CallableError('Some of the information is not valid.', {
      name: 'Names are at most 80 characters.',
    });
    render(<NameForm send={() => Promise.reject(refused)} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        'Names are at most 80 characters.',
      ),
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Ana');
  });

  it('keeps the values and reports a failed send inline and in a toast', async () => {
    const send = vi.fn(() => Promise.reject(new Error('Permission denied.')));
    render(<NameForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied.');
    expect(screen.getByLabelText('Name')).toHaveValue('Ana');
    expect(useToasts.getState().toasts).toMatchObject([
      { tone: 'error', title: 'Could not save', message: 'Permission denied.' },
    ]);
  });
});

describe('useForm with a schema', () => {
  // A callable's own request schema from the model, as the Clery dialogs use it.
  type Request = { incidentId: string; active: boolean; reason: string };
  const requestOf = (reason: string): Request => ({ incidentId: 'r1', active: true, reason });

  function ReasonForm({ send }: { send: (request: Request) => void }) {
    const form = useForm<{ reason: string }, string, Request>({
      initial: { reason: '' },
      schema: setLegalHoldSchema,
      request: (values) => requestOf(values.reason),
      send,
    });
    return (
      <form onSubmit={form.submit} noValidate>
        <TextField label="Reason" {...form.field('reason')} />
        <Button type="submit" busy={form.busy}>
          Send
        </Button>
      </form>
    );
  }

  it("shows the schema's problem at its field and sends nothing until it is met", async () => {
    const send = vi.fn();
    render(<ReasonForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const problem = fieldProblems(setLegalHoldSchema, requestOf('')).reason!;
    expect(problem).toBeTruthy();
    expect(screen.getByText(problem)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Reason'), 'Court order');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith(requestOf('Court order'), expect.anything());
  });
});
