import { Limits, signParams } from '@lightwell/domain';

/** A signed-in session as `login` answers it. */
export interface BenchSession {
  token: string;
  uid: number;
}

/** A call's answer. */
export interface CallAnswer {
  code: number;
  data: unknown;
  message?: string;
}

/**
 * The body of a signed call as the web app sends it: the payload, the session, the client's fields (`mac`
 * names the bench) and the signature made with the console's signing key (section 5).
 */
export function signedBody(
  payload: Record<string, unknown>,
  session: BenchSession,
  signingKey: string,
  mac = 'bench',
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...payload,
    token: session.token,
    uid: session.uid,
    version: Limits.appVersion,
    platform: Limits.platformCode,
    bundle: Limits.bundle,
    api: Limits.apiVersion,
    mac,
  };
  body.sign = signParams(body, signingKey);
  return body;
}

/** Posts `body` to a call's path on `base` and answers the call's body; refused after `timeoutMs`. */
export async function postCall(
  base: string,
  path: string,
  body: Record<string, unknown>,
  timeoutMs = 10_000,
): Promise<CallAnswer> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return (await response.json()) as CallAnswer;
}
