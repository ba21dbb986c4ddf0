import { Readable } from 'node:stream';
import {
  Code,
  type CodeValue,
  canEditNetwork,
  fileDownload,
  fileUpload,
  ImageUpload,
  type InputProblem,
  inputProblems,
  resultSchema,
  UploadedFileSchema,
} from '@lightwell/domain';
import { and, eq, exists, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { membersOf } from '../../db/queries/networks.ts';
import { backups, files, networks, networkUsers } from '../../db/schema.ts';
import { checkEnvelope } from '../../http/auth.ts';
import { markLanguage, refusalLanguage, refusalMessage, sendRefusal, validationMessage } from '../../http/refusal.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { authorize, loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { deleteFile } from '../../services/delete-file.ts';
import { createDownloadLink, downloadLinkSecondsLeft } from '../../services/download-links.ts';
import { readImageInfo } from '../../services/read-image-info.ts';
import { backupHoldsImage } from '../../services/release-file.ts';
import { ISSUED_FILE_PREFIX, readableIssuedFile } from '../../services/report-cycles/issued-files.ts';
import { REPORT_FILE_PREFIX } from '../../services/reports/report-jobs.ts';
import { mayReadReportFile, readableReportFile } from '../../services/reports/report-requests.ts';
import { setFloorPlanImage } from '../../services/set-floor-plan-image.ts';

/** An upload refused before it reached the database: HTTP status, code and message. */
class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: CodeValue,
    message: string,
  ) {
    super(message);
  }
}

/** Reads the multipart parts: text fields, and the image of field `file` (one file, up to 3 MiB). */
async function readUploadParts(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== ImageUpload.fileField || image) {
        throw new UploadRefused(400, Code.badInput, 'Invalid input: send one image, in the field "file".');
      }
      image = await part.toBuffer();
    } else {
      if (typeof part.value !== 'string' || part.valueTruncated || Object.hasOwn(fields, part.fieldname)) {
        throw new UploadRefused(400, Code.badInput, `Invalid input: field ${part.fieldname} is malformed or repeated.`);
      }
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, image };
}

/** Any failure while reading the parts is the sender's: limits are 413, everything else 400 or 415. */
function uploadReadFailure(error: unknown): UploadRefused {
  if (error instanceof UploadRefused) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new UploadRefused(413, Code.imageTooLarge, 'Upload failure: the image is larger than 3 MB.');
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new UploadRefused(413, Code.badInput, 'Invalid input: send one image and at most 20 fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UploadRefused(415, Code.badInput, 'Invalid input: send the image as multipart/form-data.');
    default:
      return new UploadRefused(400, Code.badInput, 'Invalid input: the multipart body is malformed.');
  }
}

function answer(reply: FastifyReply, status: number, code: number, message: string, data: unknown = null) {
  return reply.code(status).send({ code, data, message });
}

/** `POST /SigMesh/file/uploadPic`: signed text fields, then the network's permission, then the image's content. */
async function handleUpload(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  let parts: Awaited<ReturnType<typeof readUploadParts>>;
  try {
    parts = await readUploadParts(request);
  } catch (error) {
    const refused = uploadReadFailure(error);
    return answer(reply, refused.status, refused.code, refused.message);
  }
  const check = await checkEnvelope(ctx, parts.fields, { text: true });
  if ('code' in check) return answer(reply, 200, check.code, check.message);
  const fields = fileUpload.fields.safeParse(parts.fields);
  if (!fields.success) {
    const problems = inputProblems(fields.error.issues, parts.fields);
    const language = await refusalLanguage(ctx, request, check.session.uid);
    markLanguage(reply, language);
    return answer(reply, 400, Code.badInput, validationMessage(language, problems), { problems });
  }
  try {
    const access = await loadNetworkAccess(ctx, check.session.uid, fields.data.nid);
    authorize(access.abilities.edit);
    if (!parts.image) {
      const problems: InputProblem[] = [{ field: ImageUpload.fileField, rule: 'required', params: {} }];
      const language = await refusalLanguage(ctx, request, check.session.uid);
      markLanguage(reply, language);
      return answer(reply, 400, Code.badInput, validationMessage(language, problems), { problems });
    }
    const info = readImageInfo(parts.image);
    if (!info) {
      const language = await refusalLanguage(ctx, request, check.session.uid);
      markLanguage(reply, language);
      return answer(reply, 415, Code.imageRefused, refusalMessage(language, Code.imageRefused));
    }
    const data = await setFloorPlanImage(ctx, check.session.uid, fields.data.nid, parts.image, info);
    return reply.send({ code: Code.ok, data });
  } catch (error) {
    if (error instanceof CallError) return sendRefusal(ctx, request, reply, error, check.session.uid);
    throw error;
  }
}

/**
 * Which stored file `name` the user may read: their upload, or the floor plan (or a backup's) of one of
 * their networks. The same rule hands out download links and serves them.
 */
function readableBy(ctx: AppContext, uid: number, name: string) {
  const memberOf = (nid: typeof networks.id | typeof backups.nid) =>
    ctx.db
      .select({ one: sql`1` })
      .from(networkUsers)
      .where(and(eq(networkUsers.nid, nid), eq(networkUsers.uid, uid)));
  const usedByMyNetwork = ctx.db
    .select({ one: sql`1` })
    .from(networks)
    .where(and(eq(networks.image, files.name), isNull(networks.deletedAt), exists(memberOf(networks.id))));
  const heldByMyBackup = ctx.db
    .select({ one: sql`1` })
    .from(backups)
    .where(and(backupHoldsImage(name), exists(memberOf(backups.nid))));
  return and(eq(files.name, name), or(eq(files.ownerUid, uid), exists(usedByMyNetwork), exists(heldByMyBackup)));
}

/** A stored file the user may read, or null. */
async function readableFile(ctx: AppContext, uid: number, name: string) {
  const [file] = await ctx.db
    .select({ mime: files.mime, data: files.data })
    .from(files)
    .where(readableBy(ctx, uid, name))
    .limit(1);
  return file ?? null;
}

/**
 * `GET /SigMesh/file/download`: the bytes through a signed link that has not expired (403, 1065 otherwise),
 * while its user may still read the file (404, 1004 otherwise): an image, a kept report whose networks
 * they all still hold a role on, or the file an automatic report's mails carried while they may see the
 * project's runs (reports sent as an attachment). Cached privately until the link expires.
 */
async function handleDownload(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as z.output<typeof fileDownload.query>;
  const secondsLeft = downloadLinkSecondsLeft(ctx, query);
  if (secondsLeft === null) return answer(reply, 403, Code.linkInvalid, 'The link is invalid or has expired.');
  const issued = query.fileName.startsWith(ISSUED_FILE_PREFIX);
  const report = issued || query.fileName.startsWith(REPORT_FILE_PREFIX);
  const file = issued
    ? await readableIssuedFile(ctx, query.uid, query.fileName)
    : report
      ? await readableReportFile(ctx, query.uid, query.fileName)
      : await readableFile(ctx, query.uid, query.fileName);
  if (!file) return answer(reply, 404, Code.notFound, 'No such file.');
  reply
    .header('content-type', file.mime)
    .header('cache-control', `private, max-age=${secondsLeft}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${report ? 'attachment' : 'inline'}; filename="${query.fileName}"`);
  if ('pieces' in file) return reply.header('content-length', file.size).send(Readable.from(file.pieces()));
  return reply.send(Buffer.from(file.data));
}

/** Floor-plan images: upload (multipart), download links, download and delete (spec section 7 file calls). */
export function fileRoutes(app: FastifyInstance): void {
  app.route({
    method: 'POST',
    url: fileUpload.path,
    schema: {
      tags: ['file'],
      summary: "Upload a floor-plan image (multipart: field file, signed text fields, nid); it becomes the network's",
      operationId: 'fileUploadPic',
      consumes: ['multipart/form-data'],
      response: { 200: resultSchema(UploadedFileSchema) },
    },
    handler: (request, reply) => handleUpload(app.ctx, request, reply),
  });

  app.route({
    method: 'GET',
    url: fileDownload.path,
    schema: {
      tags: ['file'],
      summary:
        'Download a stored image through a link from fileDownloadUrl; 403 with 1065 when invalid or expired, no session',
      operationId: 'fileDownload',
      querystring: fileDownload.query,
    },
    handler: (request, reply) => handleDownload(app.ctx, request, reply),
  });

  serveCall(app, 'fileDownloadUrl', async ({ ctx, session, payload }) => {
    // The file an automatic report's mails carried: to those who see the project's runs (report-cycles).
    if (payload.fileName.startsWith(ISSUED_FILE_PREFIX)) {
      if (!(await readableIssuedFile(ctx, session.uid, payload.fileName))) throw noPermission();
      return createDownloadLink(ctx, session.uid, payload.fileName);
    }
    // A report's file: while kept, to whoever holds a role on every network it covers (report-jobs.ts).
    if (payload.fileName.startsWith(REPORT_FILE_PREFIX)) {
      if (!(await mayReadReportFile(ctx, session.uid, payload.fileName))) throw noPermission();
      return createDownloadLink(ctx, session.uid, payload.fileName);
    }
    const [file] = await ctx.db
      .select({ name: files.name })
      .from(files)
      .where(readableBy(ctx, session.uid, payload.fileName))
      .limit(1);
    if (!file) throw noPermission();
    return createDownloadLink(ctx, session.uid, file.name);
  });

  serveCall(app, 'fileDelete', async ({ ctx, session, payload }) => {
    const [file] = await ctx.db
      .select({ ownerUid: files.ownerUid })
      .from(files)
      .where(eq(files.name, payload.fileName))
      .limit(1);
    if (!file) throw noPermission();
    const using = await ctx.db.select().from(networks).where(eq(networks.image, payload.fileName));
    const members = await membersOf(
      ctx.db,
      using.map((n) => n.id),
    );
    authorize(
      using.length > 0
        ? using.every((n) => canEditNetwork(members.get(n.id) ?? [], session.uid))
        : file.ownerUid === session.uid,
    );
    await deleteFile(ctx, session.uid, payload.fileName, using);
    return null;
  });
}
