import { signParams } from '@lightwell/domain';
import { expect, type Page } from '@playwright/test';

/** Calls the API as the signed-in browser would: its token and uid, signed with the public signing key. */
export async function callAsBrowser<T>(page: Page, path: string, payload: Record<string, unknown>): Promise<T> {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    uid: Number(localStorage.getItem('currentUid')),
  }));
  const config = (await (await page.request.get('/api/v1/app/config')).json()) as { data: { signingKey: string } };
  const body: Record<string, unknown> = { ...payload, token: session.token, uid: session.uid };
  body.sign = signParams(body, config.data.signingKey);
  const answer = (await (await page.request.post(path, { data: body })).json()) as {
    code: number;
    data: T;
    message?: string;
  };
  expect(answer.code, `${path}: ${answer.message ?? ''}`).toBe(0);
  return answer.data;
}
