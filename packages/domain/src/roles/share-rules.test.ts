import { describe, expect, it } from 'vitest';
import { shareLinkState, shareRecipientsProblem } from './share-rules.ts';

describe('batch sharing (section 5: up to 6, no duplicates, not to oneself)', () => {
  const me = 'me@example.com';
  it.each([
    [['a@x.de'], null],
    [['a@x.de', 'b@x.de', 'c@x.de', 'd@x.de', 'e@x.de', 'f@x.de'], null],
    [['a@x.de', 'b@x.de', 'c@x.de', 'd@x.de', 'e@x.de', 'f@x.de', 'g@x.de'], 'tooMany'],
    [['a@x.de', 'A@X.de'], 'duplicate'],
    [['ME@example.com'], 'self'],
    [[], 'none'],
  ])('%j -> %s', (emails, problem) => {
    expect(shareRecipientsProblem(emails, me)).toBe(problem);
  });
});

describe('share link states (sections 4, 9: pending 7 days, single use)', () => {
  it('expires a pending link at its expiry and keeps final states', () => {
    expect(shareLinkState('pending', 1000, 999)).toBe('pending');
    expect(shareLinkState('pending', 1000, 1000)).toBe('expired');
    expect(shareLinkState('accepted', 1000, 5000)).toBe('accepted');
    expect(shareLinkState('revoked', 5000, 1000)).toBe('revoked');
  });
});
