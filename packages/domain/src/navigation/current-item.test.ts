import { describe, expect, it } from 'vitest';
import { pickCurrentItem } from './current-item.ts';

const projects = [
  { id: 3, name: 'Default' },
  { id: 8, name: 'Office' },
];

describe('breadcrumb fallback (section 2)', () => {
  it('keeps the stored item while it is listed', () => {
    expect(pickCurrentItem(projects, 8)).toEqual({ item: projects[1], changed: false });
  });

  it('falls back to the first item and asks to store it when the stored one is missing', () => {
    expect(pickCurrentItem(projects, 99)).toEqual({ item: projects[0], changed: true });
    expect(pickCurrentItem(projects, null)).toEqual({ item: projects[0], changed: true });
    expect(pickCurrentItem(projects, undefined)).toEqual({ item: projects[0], changed: true });
  });

  it('clears the stored choice when the list is empty', () => {
    expect(pickCurrentItem([], 8)).toEqual({ item: undefined, changed: true });
    expect(pickCurrentItem([], null)).toEqual({ item: undefined, changed: false });
  });
});
