import { afterEach } from 'vitest';

// Only component tests (jsdom) need the DOM matchers and unmounting; pure tests skip the cost.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // findBy*/waitFor end as soon as the screen shows what they wait for; their 1 s default was
  // too short for a render beside npm test's other lanes on two cores.
  configure({ asyncUtilTimeout: 10_000 });
}
