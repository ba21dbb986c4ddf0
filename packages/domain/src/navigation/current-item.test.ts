import { describe, expect, it } from 'vitest';
import { pickCurrentItem, pickCurrentProject } from './current-item.ts';

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

describe('landing project (section 2)', () => {
  const own = { id: 3, name: 'My project' };
  const shared = { id: 8, name: 'Shared office' };

  it('lands a new member on the project of their shared network, not on the empty default project', () => {
    expect(pickCurrentProject([own, shared], null, new Set([8]))).toEqual({ item: shared, changed: true });
    expect(pickCurrentProject([own, shared], 99, new Set([8]))).toEqual({ item: shared, changed: true });
  });

  it('keeps a listed project the user chose, even one without networks', () => {
    expect(pickCurrentProject([own, shared], 3, new Set([8]))).toEqual({ item: own, changed: false });
  });

  it('falls back to the first project when no project holds a network, and clears on an empty list', () => {
    expect(pickCurrentProject([own, shared], null, new Set())).toEqual({ item: own, changed: true });
    expect(pickCurrentProject([], 3, new Set([8]))).toEqual({ item: undefined, changed: true });
  });
});
