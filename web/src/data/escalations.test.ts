import { describe, expect, it } from 'vitest';
import { isOpenEscalation, type EscalationNotice } from './escalations';

const notice = (change: Partial<EscalationNotice>) =>
  ({ title: 'Report escalated', isRead: false, ...change }) as EscalationNotice;

describe('open escalations', () => {
  it('counts an unread escalation the server has not ended', () => {
    expect(isOpenEscalation(notice({ open: true }))).toBe(true);
    expect(isOpenEscalation(notice({}))).toBe(true);
    expect(isOpenEscalation(notice({ open: false }))).toBe(false);
    expect(isOpenEscalation(notice({ open: true, isRead: true }))).toBe(false);
  });
});
