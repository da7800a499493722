// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_FORMAT_MESSAGE } from '@campus-safety/model';

const server = vi.hoisted(() => ({
  proved: null as { id: string; phone: string } | null,
  calls: [] as [string, unknown][],
  /** What the next call of each callable does. */
  answers: {} as Record<string, () => Promise<unknown>>,
}));
vi.mock('../lib/auth', () => ({ auth: {} }));
vi.mock('../lib/db', () => ({ db: {} }));
vi.mock('./alert-phone', () => {
  const call = (name: string) => (arg?: unknown) => {
    server.calls.push([name, arg]);
    return server.answers[name]!();
  };
  return {
    useAlertPhone: () => ({ status: 'ready', data: server.proved, error: null, retry: () => {} }),
    startAlertPhoneVerification: call('start'),
    confirmAlertPhone: call('confirm'),
    removeAlertPhone: call('remove'),
  };
});

import { CallableError } from '../lib/errors';
import { useAuth, type Profile } from './store';
import { AlertPhoneForm } from './AlertPhoneForm';

const PHONE = '+639171234567';
/** 12:25 PM in Manila, the programme time zone of the default institution. */
const EXPIRES = '2026-12-02T04:25:00.000Z';
const sent = (left: number) => () =>
  Promise.resolve({ phone: PHONE, expiresAt: EXPIRES, codesLeftThisHour: left });

function renderAs(role: Profile['role']) {
  useAuth.setState({ profile: { id: 'u1', role } as Profile });
  return render(<AlertPhoneForm />);
}

async function sendCodeTo(typed: string) {
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: typed } });
  fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
  await screen.findByLabelText('Code from the SMS');
}

describe('Phone for alerts', () => {
  beforeEach(() => {
    server.proved = null;
    server.calls = [];
    server.answers = { start: sent(2) };
  });

  it('without a number: says what it is for, asks with the country-code hint, refuses a bad number unsent', async () => {
    renderAs('User');
    screen.getByText('Add a phone for alerts');
    screen.getByText(/^Safety alerts reach this number by SMS\. A number you prove here replaces/);
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      PHONE_FORMAT_MESSAGE,
    );
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0917 123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
        PHONE_FORMAT_MESSAGE,
      ),
    );
    expect(screen.getByLabelText('Mobile number')).toBeInvalid();
    expect(server.calls).toEqual([]);
  });

  it('staff are told pages reach the number too', () => {
    renderAs('Admin');
    screen.getByText(/^Safety alerts and pages about reports reach this number by SMS\./);
  });

  it('sends a code, asks for it as a one-time code, and confirms it', async () => {
    renderAs('User');
    await sendCodeTo('+63 917 123 4567');
    expect(server.calls).toEqual([['start', '+63 917 123 4567']]);
    screen.getByText(`We sent a 6-digit code to ${PHONE}, valid until 12:25 PM.`);
    const code = screen.getByLabelText('Code from the SMS');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    screen.getByRole('button', { name: 'Send a new code (2 left this hour)' });

    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('The code is the 6 digits the SMS gave.'),
    );
    expect(server.calls).toHaveLength(1);

    // Proved: the server writes the live document the form follows.
    server.answers.confirm = () => {
      server.proved = { id: 'u1', phone: PHONE };
      return Promise.resolve({ phone: PHONE });
    };
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await screen.findByText(`Alerts reach ${PHONE} by SMS.`);
    expect(server.calls).toContainEqual(['confirm', '123456']);
  });

  it('a refused code is said next to the field and what was typed stays', async () => {
    renderAs('User');
    await sendCodeTo(PHONE);
    server.answers.confirm = () =>
      Promise.reject(new CallableError('That is not the code. 4 tries left.', {}));
    const code = screen.getByLabelText('Code from the SMS');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('That is not the code. 4 tries left.'),
    );
    expect(code).toHaveValue('000000');
  });

  it('a new code counts down the hour; the last one leaves none to ask for', async () => {
    renderAs('User');
    await sendCodeTo(PHONE);
    server.answers.start = sent(0);
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code (2 left this hour)' }));
    const none = await screen.findByRole('button', { name: 'No more codes this hour' });
    expect(none).toBeDisabled();
    expect(server.calls).toEqual([
      ['start', PHONE],
      ['start', PHONE],
    ]);
  });

  it('a refused number is said next to it, kept, and "Use another number" goes back with it', async () => {
    renderAs('User');
    server.answers.start = () =>
      Promise.reject(
        new CallableError('You asked for 3 codes this hour. Ask again after 05:25 UTC.', {}),
      );
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: PHONE } });
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
        'You asked for 3 codes this hour. Ask again after 05:25 UTC.',
      ),
    );
    expect(screen.getByLabelText('Mobile number')).toHaveValue(PHONE);

    server.answers.start = sent(2);
    await sendCodeTo('+63 917 123 4567');
    fireEvent.click(screen.getByRole('button', { name: 'Use another number' }));
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+63 917 123 4567');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      PHONE_FORMAT_MESSAGE,
    );
  });

  it('a proved number: says where alerts go, offers another in its place, and is removed after a confirm', async () => {
    server.proved = { id: 'u1', phone: PHONE };
    server.answers.remove = () => Promise.resolve({ removed: true });
    const view = renderAs('User');
    screen.getByText(`Alerts reach ${PHONE} by SMS.`);

    fireEvent.click(screen.getByRole('button', { name: 'Use another number' }));
    screen.getByText('Prove another number for alerts');
    fireEvent.click(screen.getByRole('button', { name: `Keep ${PHONE}` }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your phone for alerts?' });
    expect(server.calls).toEqual([]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    });
    await waitFor(() => expect(server.calls).toEqual([['remove', undefined]]));
    server.proved = null;
    view.rerender(<AlertPhoneForm />);
    await screen.findByText('Add a phone for alerts');
  });
});
