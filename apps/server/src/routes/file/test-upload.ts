import { randomBytes } from 'node:crypto';
import { type FileDownloadLink, fileUpload, signParams } from '@lightwell/domain';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, call, type Session, SIGNING_SECRET, type TestApp } from '../../../test/helpers.ts';
import { buildPng } from '../../../test/support/images.ts';

/** One file of a multipart upload. */
interface FilePart {
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body of text fields followed by file parts. */
export function multipart(fields: Record<string, string | number>, fileParts: FilePart[]) {
  const boundary = `----lightwell${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of fileParts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The envelope fields of a session, signed over the given fields as the web client does. */
export function signed(session: Session, fields: Record<string, string | number>) {
  const all: Record<string, string | number> = { ...fields, token: session.token, uid: session.uid, platform: 3 };
  return { ...all, sign: signParams(all, SIGNING_SECRET) };
}

/** A PNG floor plan of the given size, as an upload part. */
export const png = (width: number, height: number): FilePart => ({
  name: 'plan.png',
  type: 'image/png',
  data: buildPng(width, height),
});

/**
 * The file route tests' setup: registers the hooks that build an app and close it again, and answers its
 * `t` (set once the hooks ran) with the upload and download calls the tests make.
 */
export function useUploadApp() {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Posts a multipart upload: its HTTP status and answer. */
  const upload = async (fields: Record<string, string | number>, parts: FilePart[]) => {
    const body = multipart(fields, parts);
    const response = await t.app.inject({ method: 'POST', url: fileUpload.path, ...body });
    return { status: response.statusCode, body: JSON.parse(response.body) as { code: number; data: unknown } };
  };
  /** A download link of `fileName` handed out to `session`; the test fails when the call refuses. */
  const linkFor = async (session: Session, fileName: string) => {
    const reply = await call(t.app, 'fileDownloadUrl', { fileName }, session);
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
    return reply.body.data as FileDownloadLink;
  };
  /** Opens a download address as a browser does: a plain GET, no session. */
  const open = (url: string) => t.app.inject({ method: 'GET', url });

  return {
    get t() {
      return t;
    },
    upload,
    linkFor,
    open,
  };
}
