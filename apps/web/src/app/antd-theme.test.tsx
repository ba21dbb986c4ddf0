import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdTheme } from './antd-theme';

/** Shows whether antd's transitions are on for what it wraps. */
function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{token.motion ? 'on' : 'off'}</span>;
}

/** A system whose reduced-motion setting the test turns on and off, as a person would in their settings. */
function systemWithReducedMotion(initially: boolean) {
  let reduce = initially;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    if (!query.includes('prefers-reduced-motion')) return original(query);
    return {
      get matches() {
        return reduce;
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  });
  return {
    set(value: boolean) {
      reduce = value;
      for (const listener of listeners) listener();
    },
  };
}

describe('AntdTheme and reduced motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps antd transitions when the system does not ask for less motion', () => {
    systemWithReducedMotion(false);
    render(
      <AntdTheme>
        <MotionProbe />
      </AntdTheme>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('on');
  });

  it('turns antd transitions off while the system asks for reduced motion, and back on when it stops', () => {
    const system = systemWithReducedMotion(true);
    render(
      <AntdTheme>
        <MotionProbe />
      </AntdTheme>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('off');
    act(() => system.set(false));
    expect(screen.getByTestId('motion').textContent).toBe('on');
    act(() => system.set(true));
    expect(screen.getByTestId('motion').textContent).toBe('off');
  });
});
