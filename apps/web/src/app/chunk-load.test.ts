import { Limits } from '@lightwell/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunk-load';

/** Where a promise stands, read without waiting for it. */
function watch<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('lazy code bounded by the chunk load timeout (section 9: 120000 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on code that has not come after 120 s, not a moment before', async () => {
    expect(Limits.chunkLoadTimeoutMs).toBe(120_000);
    const load = withChunkTimeout(() => new Promise<string>(() => undefined));
    const state = watch(load());

    await vi.advanceTimersByTimeAsync(Limits.chunkLoadTimeoutMs - 1);
    expect(state.settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
    expect(isChunkLoadError(state.error)).toBe(true);
    expect((state.error as ChunkLoadError).failure).toBe('timeout');
  });

  it('passes on code that comes in time and leaves no timer behind', async () => {
    const load = withChunkTimeout(
      () => new Promise<string>((resolve) => setTimeout(() => resolve('page'), Limits.chunkLoadTimeoutMs - 1)),
    );
    const state = watch(load());
    await vi.advanceTimersByTimeAsync(Limits.chunkLoadTimeoutMs - 1);
    expect(state).toEqual({ settled: true, value: 'page' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a failed load (a chunk a new release removed) into a load failure at once', async () => {
    const missing = new TypeError('Failed to fetch dynamically imported module: /assets/page-1a2b3c.js');
    const state = watch(withChunkTimeout(() => Promise.reject(missing))());
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe(true);
    const error = state.error as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.failure).toBe('failed');
    expect(error.cause).toBe(missing);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores code that arrives after the timeout', async () => {
    let arrive: (value: string) => void = () => undefined;
    const state = watch(withChunkTimeout(() => new Promise<string>((resolve) => (arrive = resolve)), 1_000)());
    await vi.advanceTimersByTimeAsync(1_000);
    arrive('late');
    await vi.advanceTimersByTimeAsync(0);
    expect((state.error as ChunkLoadError).failure).toBe('timeout');
    expect(state.value).toBeUndefined();
  });
});
