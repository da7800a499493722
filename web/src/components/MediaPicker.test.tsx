// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@campus-safety/model';

/** The data layer's upload, driven by the test: each started upload and its settle functions. */
const fake = vi.hoisted(() => ({
  started: [] as {
    target: unknown;
    file: File;
    progress: (fraction: number) => void;
    finish: () => void;
    cancelled: boolean;
  }[],
}));

vi.mock('../data/media', () => ({
  UPLOAD_CANCELLED: 'The upload was cancelled.',
  startMediaUpload: (target: unknown, file: File, progress: (fraction: number) => void) => {
    const entry = { target, file, progress, finish: () => undefined as void, cancelled: false };
    const done = new Promise<void>((resolve) => {
      entry.finish = resolve;
    });
    fake.started.push(entry);
    return { mediaId: `m${fake.started.length}`, done, cancel: () => (entry.cancelled = true) };
  },
}));

const { MediaPicker } = await import('./MediaPicker');
const target = { incidentId: 'inc1', side: 'staff', uid: 'u1' } as const;

beforeEach(() => {
  fake.started = [];
});

describe('MediaPicker', () => {
  it('refuses a wrong type or an oversized file before uploading, in plain words', async () => {
    render(<MediaPicker target={target} onUploaded={() => undefined} />);
    const input = screen.getByLabelText('Attach photo, video or audio');
    await userEvent.upload(input, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }), {
      applyAccept: false,
    });
    expect(screen.getByRole('alert').textContent).toMatch(/x\.svg: only photos/);
    const huge = new File(['x'], 'long.mov', { type: 'video/quicktime' });
    Object.defineProperty(huge, 'size', { value: LIMITS.mediaVideoBytes });
    await userEvent.upload(input, huge);
    expect(screen.getByRole('alert').textContent).toMatch(
      /long\.mov is too large: a video must be under 50 MB/,
    );
    expect(fake.started).toHaveLength(0);
  });

  it('uploads a photo to the target with progress and tells the caller its media id', async () => {
    const uploaded: string[] = [];
    render(<MediaPicker target={target} onUploaded={(id) => uploaded.push(id)} />);
    const photo = new File([new Uint8Array(100)], 'scene.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Attach photo, video or audio'), photo);
    expect(fake.started).toHaveLength(1);
    expect(fake.started[0]!.target).toEqual(target);
    act(() => fake.started[0]!.progress(0.5));
    expect(screen.getByLabelText('Uploading scene.jpg')).toHaveProperty('value', 0.5);
    await act(async () => fake.started[0]!.finish());
    expect(uploaded).toEqual(['m1']);
    expect(screen.queryByLabelText('Uploading scene.jpg')).toBeNull();
  });

  it('offers Cancel for each upload in progress', async () => {
    render(<MediaPicker target={target} onUploaded={() => undefined} />);
    const clip = new File([new Uint8Array(10)], 'clip.mp4', { type: 'video/mp4' });
    await userEvent.upload(screen.getByLabelText('Attach photo, video or audio'), clip);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel uploading clip.mp4' }));
    expect(fake.started[0]!.cancelled).toBe(true);
  });
});
