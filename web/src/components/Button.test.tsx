// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ArchiveButton } from './Button';

describe('ArchiveButton', () => {
  it('archives a live row and restores an archived one, naming the row', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<ArchiveButton name="Ana Cruz" onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Archive Ana Cruz' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button')).toHaveTextContent('Archive');

    rerender(<ArchiveButton archived name="Ana Cruz" onClick={onClick} />);
    expect(screen.getByRole('button', { name: 'Restore Ana Cruz' })).toHaveTextContent('Restore');
  });
});
