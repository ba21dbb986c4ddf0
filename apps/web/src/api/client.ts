import {
  type AppConfig,
  type CallData,
  type CallInput,
  type CallName,
  Code,
  calls,
  isSuccessCode,
  Limits,
  signParams,
} from '@lightwell/domain';
import { toast } from '../app/feedback';
import { i18n } from '../i18n';
import { useSession } from '../stores/session';
import { ApiError, messageForCode, NETWORK_ERROR_CODE } from './errors';

type Answer = { code: number; data: unknown; message?: string };

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
      headers: { 'Cache-Control': 'no-cache', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
      signal: controller.signal,
    });
    const answer = (await response.json()) as Answer;
    if (typeof answer?.code !== 'number') throw new Error('not an answer');
    return answer;
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, null, i18n.t('errors.network'));
  } finally {
    clearTimeout(timer);
  }
}

/** Public client configuration (versions, signing key, demo login), fetched once at start. */
export function loadAppConfig(): Promise<AppConfig> {
  configPromise ??= request(calls.appConfig.path, { method: 'GET' })
    .then((answer) => {
      if (!isSuccessCode(answer.code)) throw new ApiError(answer.code, answer.data, messageForCode(answer.code));
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

/**
 * Sends one API call of section 7 (the only fetch of the app). Authenticated calls carry token,
 * uid, the request envelope and the section-5 signature. Codes 0 and 1050 resolve with `data`;
 * 1012 ends the session and goes to /login; any other code rejects with an ApiError.
 */
export async function call<N extends CallName>(name: N, payload: CallInput<N>): Promise<CallData<N>> {
  const def = calls[name];
  const { token, uid } = useSession.getState();
  let body: Record<string, unknown> = compact({ ...(payload as Record<string, unknown>) });
  if (def.auth) {
    const config = await loadAppConfig();
    body = compact({
      ...body,
      token,
      uid,
      version: Limits.appVersion,
      platform: Limits.platformCode,
      bundle: Limits.bundle,
      api: Limits.apiVersion,
      mac: navigator.userAgent.slice(0, Limits.deviceIdMax),
    });
    body.sign = signParams(body, config.signingKey);
  }
  const answer = await request(
    def.path,
    def.method === 'GET' ? { method: 'GET' } : { method: 'POST', body: JSON.stringify(body) },
  );
  if (isSuccessCode(answer.code)) return answer.data as CallData<N>;
  if (answer.code === Code.sessionInvalid && def.auth) {
    expireSession();
    throw new ApiError(answer.code, answer.data, messageForCode(answer.code), true);
  }
  throw new ApiError(answer.code, answer.data, messageForCode(answer.code, answer.data));
}
