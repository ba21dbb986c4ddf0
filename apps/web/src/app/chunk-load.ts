import { Limits } from '@lightwell/domain';

/** Why a lazily loaded piece of code is not there: it did not arrive in time, or its loading failed. */
export type ChunkLoadFailure = 'timeout' | 'failed';

/**
 * A page's or frame's code that could not be loaded: the request failed (offline, or a new release
 * removed the old hashed file) or it took longer than `Limits.chunkLoadTimeoutMs`. Only loading the
 * page again helps, so the route shows a reload action instead of waiting on.
 */
export class ChunkLoadError extends Error {
  readonly failure: ChunkLoadFailure;

  constructor(failure: ChunkLoadFailure, timeoutMs: number, cause?: unknown) {
    super(
      failure === 'timeout' ? `code chunk did not load within ${timeoutMs} ms` : 'code chunk failed to load',
      cause === undefined ? undefined : { cause },
    );
    this.name = 'ChunkLoadError';
    this.failure = failure;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * `load` (a lazy import) bounded in time: the promise it gives settles with the loaded value, or rejects
 * with a {@link ChunkLoadError} once the load failed or `timeoutMs` (section 9: 120000 ms) passed without
 * an answer. A late answer after the timeout is ignored.
 */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = Limits.chunkLoadTimeoutMs,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('timeout', timeoutMs)), timeoutMs);
      const failed = (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? error : new ChunkLoadError('failed', timeoutMs, error));
      };
      try {
        load().then((value) => {
          clearTimeout(timer);
          resolve(value);
        }, failed);
      } catch (error) {
        failed(error);
      }
    });
}
