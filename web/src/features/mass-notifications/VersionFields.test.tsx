// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MASS_NOTIFICATION_LIMITS } from '@campus-safety/model';
import { VersionFields, draftsOf, translationsOf, type VersionDraft } from './VersionFields';

function Harness({ initial = [] as VersionDraft[] }) {
  const [versions, setVersions] = useState(initial);
  return (
    <>
      <VersionFields versions={versions} main="en" onChange={setVersions} error={undefined} />
      <output data-testid="sent">{JSON.stringify(translationsOf(versions))}</output>
    </>
  );
}

const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? '{}');
const add = () => fireEvent.click(screen.getByRole('button', { name: /Add a version/ }));

describe('versions in other languages', () => {
  it('adds a version in a language not yet used, edits it and removes it', () => {
    render(<Harness />);
    add();
    // The main text's language is never offered.
    const language = screen.getByLabelText('Version 1: language') as HTMLSelectElement;
    expect([...language.options].map((o) => o.value)).not.toContain('en');
    fireEvent.change(language, { target: { value: 'fil' } });
    fireEvent.change(screen.getByLabelText('Filipino title'), { target: { value: 'Babala' } });
    fireEvent.change(screen.getByLabelText('Filipino text'), { target: { value: 'Teksto' } });
    expect(sent()).toEqual({ fil: { title: 'Babala', body: 'Teksto' } });
    add();
    const second = screen.getByLabelText('Version 2: language') as HTMLSelectElement;
    expect([...second.options].map((o) => o.value)).not.toContain('fil');
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    expect(Object.keys(sent())).toHaveLength(1);
    expect(sent().fil).toBeUndefined();
  });

  it(`offers no more than ${MASS_NOTIFICATION_LIMITS.translations} versions`, () => {
    render(<Harness />);
    for (let k = 0; k < MASS_NOTIFICATION_LIMITS.translations; k++) add();
    expect(Object.keys(sent())).toHaveLength(MASS_NOTIFICATION_LIMITS.translations);
    expect(screen.queryByRole('button', { name: /Add a version/ })).toBeNull();
  });

  it('reads stored versions without one in the main text’s language', () => {
    const stored = { fil: { title: 'A', body: 'B' }, en: { title: 'C', body: 'D' } };
    expect(draftsOf(stored, 'en')).toEqual([{ language: 'fil', title: 'A', body: 'B' }]);
    expect(draftsOf(undefined, 'en')).toEqual([]);
  });
});
