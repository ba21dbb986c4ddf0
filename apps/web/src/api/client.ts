import {
  type AppConfig,
  type CallData,
  type CallInput,
  type CallName,
  Code,
  callRoute,
  isSuccessCode,
  Limits,
} from '@lightwell/domain';
import { toast } from '../app/feedback';
import { i18n } from '../i18n';
import { useSession } from '../stores/session';
import { ApiError, messageForCode, messageOf, NETWORK_ERROR_CODE, type RefusalAnswer } from './errors';

/** An answer and the language of its message. */
type Answer = RefusalAnswer;

let onSessionExpired: () => void = () => {
  window.location.assign('/login');
};

/** Sets where the app goes when a call answers 1012 (the router's navigate to /login). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let configPromise: Promise<AppConfig> | undefined;

async function request(path: string, init: RequestInit): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Limits.requestTimeoutMs);
  try {
    const response = await fetch(path, {
      ...init,
      headers: {
        'Cache-Control': 'no-cache',
        // Refusals of calls without a session come in the language the app shows.
        'Accept-Language': i18n.language,
        ...(typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      },
      signal: controller.signal,
    });
    const answer = (await response.json()) as Answer;
    if (typeof answer?.code !== 'number') throw new Error('not an answer');
    return { ...answer, language: response.headers.get('content-language') };
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, null, i18n.t('errors.network'));
  } finally {
    clearTimeout(timer);
  }
}

/** Public client configuration (versions, signing key, demo login), fetched once at start. */
export function loadAppConfig(): Promise<AppConfig> {
  configPromise ??= request(callRoute('appConfig').path, { method: 'GET' })
    .then((answer) => {
      if (!isSuccessCode(answer.code)) throw new ApiError(answer.code, answer.data, messageOf(answer));
      return answer.data as AppConfig;
    })
    .catch((error: unknown) => {
      configPromise = undefined;
      throw error;
    });
  return configPromise;
}

function compact(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null));
}

function expireSession(): void {
  const { token, clear } = useSession.getState();
  if (!token) return;
  clear();
  toast.error(messageForCode(Code.sessionInvalid));
  onSessionExpired();
}

/** The body of a call: its payload and, for authenticated calls, the signed envelope (section 5). */
async function callBody<N extends CallName>(name: N, payload: CallInput<N>): Promise<Record<string, unknown>> {
  const { token, uid } = useSession.getState();
  const body: Record<string, unknown> = compact({ ...(payload as Record<string, unknown>) });
  if (!callRoute(name).auth) return body;
  const config = await loadAppConfig();
  const signed = compact({
    ...body,
    token,
    uid,
    version: Limits.appVersion,
    platform: Limits.platformCode,
    bundle: Limits.bundle,
    api: Limits.apiVersion,
    mac: navigator.userAgent.slice(0, Limits.deviceIdMax),
  });
  const { signParams } = await import('./signing');
  signed.sign = signParams(signed, config.signingKey);
  return signed;
}

/**
 * Opens a streaming call (server-sent events, e.g. `liveStream`) with the same signed envelope as
 * {@link call} and no timeout; answers the event stream's body. A JSON answer instead of a stream is a
 * refusal: 1012 ends the session, other codes reject with an ApiError; a lost connection rejects with
 * the network error.
 */
export async function openCallStream<N extends CallName>(
  name: N,
  payload: CallInput<N>,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const body = await callBody(name, payload);
  let response: Response;
  try {
    response = await fetch(callRoute(name).path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        'Accept-Language': i18n.language,
        'Cache-Control': 'no-cache',
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, null, i18n.t('errors.network'));
  }
  if (response.ok && response.body && response.headers.get('content-type')?.includes('text/event-stream')) {
    return response.body;
  }
  const answer = (await response.json().catch(() => null)) as Answer | null;
  const code = typeof answer?.code === 'number' ? answer.code : NETWORK_ERROR_CODE;
  // A refused display key (a call without a session) must not end the session of a member in this browser.
  if (code === Code.sessionInvalid && callRoute(name).auth) {
    expireSession();
    throw new ApiError(code, null, messageForCode(code), true);
  }
  const language = response.headers.get('content-language');
  throw new ApiError(
    code,
    answer?.data ?? null,
    messageOf({ code, data: answer?.data ?? null, message: answer?.message, language }),
  );
}

/**
 * Sends one API call of section 7 (with {@link openCallStream}, the only fetch of the app). Authenticated calls carry token,
 * uid, the request envelope and the section-5 signature. Codes 0 and 1050 resolve with `data`;
 * 1012 ends the session and goes to /login; any other code rejects with an ApiError.
 */
export async function call<N extends CallName>(name: N, payload: CallInput<N>): Promise<CallData<N>> {
  // Routes only (no zod contracts): sending a call loads no schema.
  const def = callRoute(name);
  const body = await callBody(name, payload);
  const answer = await request(
    def.path,
    def.method === 'GET' ? { method: 'GET' } : { method: 'POST', body: JSON.stringify(body) },
  );
  if (isSuccessCode(answer.code, name)) return answer.data as CallData<N>;
  if (answer.code === Code.sessionInvalid && def.auth) {
    expireSession();
    throw new ApiError(answer.code, answer.data, messageForCode(answer.code), true);
  }
  throw new ApiError(answer.code, answer.data, messageOf(answer));
}

/** The request envelope as text fields (multipart carries only text), signed over `fields` plus it. */
async function signedTextFields(fields: Record<string, string | number>): Promise<Record<string, string>> {
  const config = await loadAppConfig();
  const { token, uid } = useSession.getState();
  const text: Record<string, string> = {};
  const all = {
    ...fields,
    token,
    uid,
    version: Limits.appVersion,
    platform: Limits.platformCode,
    bundle: Limits.bundle,
    api: Limits.apiVersion,
    mac: navigator.userAgent.slice(0, Limits.deviceIdMax),
  };
  for (const [key, value] of Object.entries(all)) if (value !== undefined && value !== null) text[key] = String(value);
  const { signParams } = await import('./signing');
  text.sign = signParams(text, config.signingKey);
  return text;
}

/**
 * Uploads a file as multipart (section 7 `POST /SigMesh/file/uploadPic`): the signed envelope and
 * `fields` as text fields, then the file in field `file`; same timeout, codes and messages as {@link call}
 * (1066 not an image, 1067 over 3 MB come back as an ApiError with a translated message).
 */
export async function uploadFile<T>(path: string, fields: Record<string, string | number>, file: Blob): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(await signedTextFields(fields))) form.append(key, value);
  form.append('file', file);
  const answer = await request(path, { method: 'POST', body: form });
  if (isSuccessCode(answer.code)) return answer.data as T;
  if (answer.code === Code.sessionInvalid) {
    expireSession();
    throw new ApiError(answer.code, answer.data, messageForCode(answer.code), true);
  }
  throw new ApiError(answer.code, answer.data, messageOf(answer));
}
