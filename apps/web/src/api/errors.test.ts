import { Code, calls } from '@lightwell/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './client';
import { ApiError } from './errors';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server answers every call with `answer`, its message written in `language`; the headers sent are kept. */
function serverAnswers(answer: Record<string, unknown>, language: string | null) {
  const sent: Headers[] = [];
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    sent.push(new Headers(init?.headers));
    if (path === calls.appConfig.path) {
      return Response.json({ code: 0, data: { appVersion: '1', apiVersion: '1', signingKey: 'k', demo: false } });
    }
    return Response.json(answer, { headers: language ? { 'content-language': language } : {} });
  });
  return sent;
}

async function refusalOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('refusal messages', () => {
  const problems = [{ field: 'email', rule: 'required', params: {} }];

  it('shows the server message when it is in the language the app shows: it names the field', async () => {
    const sent = serverAnswers(
      { code: Code.badInput, data: { problems }, message: 'E-mail address: required: please give a value' },
      'en',
    );
    const error = await refusalOf(call('login', { email: '', password: 'x' }));
    expect(error.code).toBe(Code.badInput);
    expect(error.data).toEqual({ problems });
    expect(error.message).toBe('E-mail address: required: please give a value');
    expect(sent.at(-1)?.get('accept-language')).toBe('en');
  });

  it('falls back to its own translation of the code when the message is in another language or missing', async () => {
    serverAnswers({ code: Code.wrongPassword, data: null, message: 'Das Passwort ist falsch.' }, 'de');
    expect((await refusalOf(call('login', { email: 'a@example.com', password: 'x' }))).message).toBe(
      'The password is incorrect.',
    );
    serverAnswers({ code: Code.wrongPassword, data: null }, null);
    expect((await refusalOf(call('login', { email: 'a@example.com', password: 'x' }))).message).toBe(
      'The password is incorrect.',
    );
  });
});
