import { describe, expect, it } from 'vitest';
import { callRoutes, calls, FILE_DOWNLOAD_PATH, FILE_UPLOAD_PATH, fileDownload, fileUpload } from './index.ts';

describe('call registry', () => {
  it('serves every call at a distinct section-7 style path', () => {
    const paths = Object.values(calls).map((call) => call.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/(api\/v1|SigMesh\/file)\//);
  });

  it('gives clients the same route as the contract, for every call and no other', () => {
    const fromContracts = Object.fromEntries(
      Object.entries(calls).map(([name, call]) => [
        name,
        { path: call.path, ...(call.method === 'GET' ? { method: 'GET' } : {}), auth: call.auth },
      ]),
    );
    expect(callRoutes).toEqual(fromContracts);
    expect([fileUpload.path, fileDownload.path]).toEqual([FILE_UPLOAD_PATH, FILE_DOWNLOAD_PATH]);
  });

  it('refuses unknown fields and accepts envelope fields', () => {
    const body = calls.login.body;
    expect(body.safeParse({ email: 'a@b.de', password: 'x', extra: 1 }).success).toBe(false);
    expect(body.safeParse({ email: 'a@b.de', password: 'x', version: '1.0.0', platform: 3 }).success).toBe(true);
  });

  it('refuses control characters and overlong strings', () => {
    const body = calls.nameUpdate.body;
    expect(body.safeParse({ name: 'Ann\u0007' }).success).toBe(false);
    expect(body.safeParse({ name: 'x'.repeat(100_000) }).success).toBe(false);
    expect(body.safeParse({ name: '  Ann  ' })).toMatchObject({ success: true, data: { name: 'Ann' } });
  });

  it('requires at least one setting and matching e-mail entries', () => {
    expect(calls.updateSetting.body.safeParse({}).success).toBe(false);
    expect(calls.updateSetting.body.safeParse({ pageNumber: 20 }).success).toBe(true);
    expect(calls.updateSetting.body.safeParse({ pageNumber: 15 }).success).toBe(false);
    expect(calls.updateSetting.body.safeParse({ language: 4 }).success).toBe(false);
    const ok = { email: 'a@b.de', emailConfirm: 'A@b.de', password: 'x' };
    expect(calls.emailCode.body.safeParse(ok).success).toBe(true);
    expect(calls.emailCode.body.safeParse({ ...ok, emailConfirm: 'c@b.de' }).success).toBe(false);
  });
});
