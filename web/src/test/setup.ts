import { afterEach } from 'vitest';

// Only component tests (jsdom) need the DOM matchers and unmounting; pure tests skip the cost.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
