import type { CodeValue } from '@lightwell/domain';

/** A business outcome other than success: answered as `{ code, data, message }` with HTTP 200. */
export class CallError extends Error {
  constructor(
    readonly code: CodeValue,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

/** A successful answer with a code other than 0 (1050: empty list, treated as success). */
export class Answer<T> {
  constructor(
    readonly code: CodeValue,
    readonly data: T,
    readonly message?: string,
  ) {}
}
