// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileField, ImageField, SelectField, TextAreaField, TextField } from './fields';

describe('fields', () => {
  it('name the control by its label and describe it by the hint until there is an error', () => {
    const { rerender } = render(
      <TextField label="Version code" value="" onChange={() => undefined} hint="Greater than 3." />,
    );
    const input = screen.getByLabelText('Version code');
    expect(input).toHaveAccessibleDescription('Greater than 3.');
    expect(input).not.toHaveAttribute('aria-invalid');

    rerender(
      <TextField
        label="Version code"
        value=""
        onChange={() => undefined}
        hint="Greater than 3."
        error="Version code is required."
      />,
    );
    expect(input).toHaveAccessibleDescription('Version code is required.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Greater than 3.')).toBeNull();
  });

  it('report typed and chosen values', async () => {
    const onText = vi.fn();
    const onNotes = vi.fn();
    const onLevel = vi.fn();
    render(
      <>
        <TextField label="Title" value="" onChange={onText} />
        <TextAreaField label="Notes" value="" onChange={onNotes} />
        <SelectField
          label="Threat level"
          value=""
          onChange={onLevel}
          placeholder="Choose…"
          options={['Low', { value: 'High', label: 'High (act now)' }]}
        />
      </>,
    );
    await userEvent.type(screen.getByLabelText('Title'), 'A');
    await userEvent.type(screen.getByLabelText('Notes'), 'B');
    await userEvent.selectOptions(screen.getByLabelText('Threat level'), 'High (act now)');
    expect(onText).toHaveBeenCalledWith('A');
    expect(onNotes).toHaveBeenCalledWith('B');
    expect(onLevel).toHaveBeenCalledWith('High');
    expect(screen.getByRole('option', { name: 'Choose…' })).toHaveValue('');
  });

  it('show the chosen file in place of the hint', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <FileField label="Build file" onChange={onChange} hint="An .apk or .ipa." />,
    );
    const file = new File(['x'], 'app.apk');
    await userEvent.upload(screen.getByLabelText('Build file'), file);
    expect(onChange).toHaveBeenCalledWith(file);
    rerender(
      <FileField
        label="Build file"
        onChange={onChange}
        hint="An .apk or .ipa."
        fileName="app.apk"
      />,
    );
    expect(screen.getByLabelText('Build file')).toHaveAccessibleDescription('Chosen: app.apk');
  });

  it('accept only the image types Storage takes and say what an empty choice keeps', () => {
    const { rerender } = render(
      <ImageField label="Photo (optional)" file={null} onChange={() => undefined} />,
    );
    const input = screen.getByLabelText('Photo (optional)');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    expect(input).toHaveAccessibleDescription('JPEG, PNG, WebP or GIF, up to 5 MB.');
    rerender(
      <ImageField label="Photo (optional)" file={null} onChange={() => undefined} keeps="photo" />,
    );
    expect(input).toHaveAccessibleDescription('Leave empty to keep the current photo.');
  });
});
