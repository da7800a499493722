// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldProblems, setLegalHoldSchema } from '@campus-safety/model';
import { CallableError } from '../lib/errors';
import { Button } from './Button';
import { TextField } from './fields';
import { useToasts } from './toast-store';
import { ReadState } from './States';
import { useForm, type StoredRead } from './use-form';

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

describe('useForm over a stored document', () => {
  type Stored = { name: string; savedAt: number } | null;
  const read = (status: StoredRead['status'], error: string | null = null) => ({
    status,
    error,
    retry: vi.fn(),
  });

  /** A form over `stored` as read: its Save only once read (ReadState), as every such form. */
  function StoredNameForm({
    stored,
    status,
    send,
  }: {
    stored: Stored;
    status: ReturnType<typeof read>;
    send: (values: { name: string }) => void;
  }) {
    const form = useForm({
      initial: { name: stored?.name ?? 'Default' },
      stored: { ...status, version: stored?.savedAt },
      send,
    });
    return (
      <>
        <p data-testid="read">{form.read.status}</p>
        <ReadState read={form.read} what="the stored name">
          <form onSubmit={form.submit} noValidate>
            <TextField label="Name" {...form.field('name')} />
            <Button type="submit">Save</Button>
          </form>
        </ReadState>
      </>
    );
  }

  it('offers no Save while unread; a failed read says so with a retry and sends nothing', async () => {
    const send = vi.fn();
    const failed = read('error', 'Missing or insufficient permissions.');
    const { rerender } = render(
      <StoredNameForm stored={null} status={read('loading')} send={send} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Reading the stored name…');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    rerender(<StoredNameForm stored={null} status={failed} send={send} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not read the stored name, so it cannot be changed now.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Missing or insufficient permissions.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByLabelText('Name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.retry).toHaveBeenCalledOnce();
    expect(send).not.toHaveBeenCalled();
  });

  it('submit sends nothing before the document is read, even when called', async () => {
    const send = vi.fn();
    let submit: () => Promise<void> = () => Promise.resolve();
    function Bare({ status }: { status: ReturnType<typeof read> }) {
      const form = useForm({ initial: { name: 'Default' }, stored: status, send });
      submit = () => form.submit();
      return null;
    }
    const { rerender } = render(<Bare status={read('loading')} />);
    await act(() => submit());
    rerender(<Bare status={read('error', 'Offline.')} />);
    await act(() => submit());
    expect(send).not.toHaveBeenCalled();
    rerender(<Bare status={read('ready')} />);
    await act(() => submit());
    expect(send).toHaveBeenCalledWith({ name: 'Default' }, expect.anything());
  });

  it('is seeded from the document once read, keeps what is typed, and takes a new version', async () => {
    const send = vi.fn();
    const ready = read('ready');
    const { rerender } = render(
      <StoredNameForm stored={null} status={read('loading')} send={send} />,
    );
    // Read: the stored value, not the default the form was created with while loading.
    rerender(<StoredNameForm stored={{ name: 'Ada', savedAt: 1 }} status={ready} send={send} />);
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Grace');
    // The same version again (another render, another snapshot of the same save) keeps the typing.
    rerender(
      <StoredNameForm stored={{ name: 'Ada', savedAt: 1 }} status={{ ...ready }} send={send} />,
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Grace');
    // Saved elsewhere: the form now holds what is stored.
    rerender(<StoredNameForm stored={{ name: 'Edsger', savedAt: 2 }} status={ready} send={send} />);
    expect(screen.getByLabelText('Name')).toHaveValue('Edsger');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledWith({ name: 'Edsger' }, expect.anything());
  });
});
