// @vitest-environment jsdom
import { DEFAULT_INSTITUTION } from '@campus-safety/model';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmergencyNumbers } from '../components/EmergencyNumbers';
import { documentTitle } from './document-title';
import { formatDate, timeZoneLabel } from './format';
import { useInstitutionStore } from './institution';

const save = (changes: Partial<typeof DEFAULT_INSTITUTION>) =>
  act(() => useInstitutionStore.setState({ institution: { ...DEFAULT_INSTITUTION, ...changes } }));

describe('the saved institution profile in the console', () => {
  afterEach(() => useInstitutionStore.setState({ institution: DEFAULT_INSTITUTION }));

  it('writes every time in the saved zone, not a build-time one', () => {
    const at = new Date('2026-11-22T16:51:36Z');
    expect(formatDate(at)).toBe('Nov 23 2026 12:51:36 AM');
    save({ timeZone: 'America/Chicago' });
    expect(formatDate(at)).toBe('Nov 22 2026 10:51:36 AM');
    expect(timeZoneLabel(at)).toBe('Times in America/Chicago (UTC-06:00)');
  });

  it('shows the saved numbers as tel: links and follows a change', () => {
    render(<EmergencyNumbers />);
    const campus = screen.getByRole('link', { name: /Campus security/ });
    expect(campus.getAttribute('href')).toBe('tel:+63289818500');
    save({
      campusSecurity: { label: 'Campus police', phone: '+1 (312) 555-0100' },
      localEmergency: null,
    });
    expect(screen.getByRole('link', { name: 'Campus police: +1 (312) 555-0100' })).toHaveProperty(
      'href',
      'tel:+13125550100',
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('titles the tab with the short name', () => {
    expect(documentTitle(['Reports'])).toBe('Reports · Metro U Safety Console');
    save({ shortName: 'Lakeshore' });
    expect(documentTitle(['Reports'])).toBe('Reports · Lakeshore Safety Console');
  });
});
