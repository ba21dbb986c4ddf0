import type { CodeValue } from '@lightwell/domain';

/** Which catalogue text a refusal is answered with, and its placeholders. */
export interface RefusalText {
  /** A `server` catalogue key (`refusals.1064.duplicate`); by default `errors:<code>`. */
  key?: string;
  /** Placeholder values; by default the refusal's data when it is an object. */
  params?: Record<string, unknown>;
}

/**
 * A business outcome other than success: answered as `{ code, data, message }` with HTTP 200. The answer's
 * message is the catalogue text of `text` (by default the code's) in the caller's language; `message`
 * is the English wording kept for the log.
 */
export class CallError extends Error {
  constructor(
    readonly code: CodeValue,
    message: string,
    readonly data: unknown = null,
    readonly text: RefusalText = {},
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
