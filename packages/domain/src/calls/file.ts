import { z } from 'zod';
import { IdSchema } from '../schemas/common.ts';
import { FILE_DOWNLOAD_PATH, FILE_UPLOAD_PATH } from './call-routes.ts';
import { type CallDef, defineCall, nothing } from './define.ts';

/** Floor-plan image uploads (sections 5 and 9): up to 3 MiB, JPG/JPEG, PNG or BMP by content. */
export const ImageUpload = {
  /** Largest image in bytes (section 9: image 3 MB). */
  maxBytes: 3 * 1024 * 1024,
  /** Multipart field holding the image (section 7). */
  fileField: 'file',
  /** Most non-file fields a multipart upload may carry. */
  maxFields: 20,
  /** Content types served, by the image's content. */
  types: ['image/jpeg', 'image/png', 'image/bmp'],
} as const;

/** A stored file's name as the server gives it out. */
export const FileNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'a file name given by the server');

/** A decimal id sent as text (multipart fields and query strings carry only text). */
const textId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(IdSchema);

/** The request envelope (section 3) as text fields: multipart uploads and GET queries. */
const textEnvelopeShape = {
  version: z.string().max(20).optional(),
  platform: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .optional(),
  bundle: z.string().max(64).optional(),
  mac: z.string().max(100).optional(),
  api: z.string().max(20).optional(),
  sign: z.string().max(128).optional(),
  notCheckSign: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  token: z.string().max(256).optional(),
  uid: textId.optional(),
};

/** What an uploaded image became: its name (for the network's `image` and downloads), type, bytes and size. */
export const UploadedFileSchema = z.object({
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/**
 * `POST /SigMesh/file/uploadPic` (section 7): multipart with the image in field `file` and, as text
 * fields, the envelope (`token`, `uid`, `sign`, …) and `nid`, signed like a JSON call over the text
 * fields as sent. The image becomes network `nid`'s floor plan (owners and installers).
 */
export const fileUpload = {
  path: FILE_UPLOAD_PATH,
  /** The text fields, unknown ones refused. */
  fields: z.strictObject({ ...textEnvelopeShape, nid: textId }),
  data: UploadedFileSchema,
} as const;

/**
 * A short-lived download link of one stored file: its address (relative to the console) and how many
 * seconds it works from this answer on (a duration, so a client's clock need not agree with the server's).
 */
export const FileDownloadLinkSchema = z.object({
  url: z.string(),
  expiresIn: z.number().int().positive().describe('How long the link works from this answer on: duration in seconds'),
});
export type FileDownloadLink = z.infer<typeof FileDownloadLinkSchema>;

/**
 * `GET /SigMesh/file/download?fileName=…&uid=…&exp=…&sig=…` (section 7): the image's bytes through a
 * link handed out by `fileDownloadUrl`, signed by the server for one file, one user and an expiry
 * (epoch seconds). No session travels in the query: unknown fields (`token` among them) are refused.
 */
export const fileDownload = {
  path: FILE_DOWNLOAD_PATH,
  query: z.strictObject({
    fileName: FileNameSchema,
    uid: textId,
    exp: z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
    sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a signature given by the server'),
  }),
} as const;

/** Signed JSON file calls (section 7). */
export const fileCalls = {
  fileDelete: defineCall({
    path: '/SigMesh/file/delete',
    auth: true,
    tag: 'file',
    summary:
      'Remove an image: networks using it lose their floor plan (owners and installers); kept while a backup holds it',
    payload: { fileName: FileNameSchema },
    data: nothing,
  }),
  fileDownloadUrl: defineCall({
    path: '/api/v1/file/downloadUrl',
    auth: true,
    tag: 'file',
    summary:
      'A signed download link of one stored file, valid 10 to 15 minutes, to those who may read it (1013 otherwise)',
    payload: { fileName: FileNameSchema },
    data: FileDownloadLinkSchema,
  }),
} satisfies Record<string, CallDef>;
