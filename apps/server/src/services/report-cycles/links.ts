import { createHmac, timingSafeEqual } from 'node:crypto';
import { Code, type RecipientKind } from '@lightwell/domain';
import type { AppContext } from '../../context.ts';
import { CallError } from '../../lib/call-error.ts';

/** The web version of one issued report, in a language (code 0-3), until `exp` (epoch seconds). */
export interface ReportViewLink {
  run: number;
  language: number;
  exp: number;
}

/** The network equipment statistics issued with one report run of project `pid`, until `exp` (epoch seconds). */
export interface EquipmentViewLink {
  run: number;
  pid: number;
  exp: number;
}

/** A recipient's own link: their page `/email/register` and one-click unsubscribe from `kind`. */
export interface RecipientLink {
  pid: number;
  rid: number;
  email: string;
  kind: RecipientKind;
  exp: number;
}

/** How long the web version's link works after the e-mail. */
export const REPORT_VIEW_LINK_DAYS = 30;
/**
 * How long a recipient's own link works: long, so that unsubscribing from an old e-mail still works (it
 * can do no more than the recipient could ask for by reply).
 */
export const RECIPIENT_LINK_DAYS = 400;

const VIEW = 'report-link';
const RECIPIENT = 'report-unsubscribe';
const EQUIPMENT = 'equipment-link';
type Purpose = typeof VIEW | typeof RECIPIENT | typeof EQUIPMENT;

const sign = (ctx: AppContext, purpose: Purpose, body: string) =>
  createHmac('sha256', ctx.keys.key(purpose)).update(body).digest('base64url');

function signToken(ctx: AppContext, purpose: Purpose, fields: object): string {
  const body = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${body}.${sign(ctx, purpose, body)}`;
}

/** The fields of a token whose signature holds and which has not expired; 1065 otherwise. */
function verifyToken(ctx: AppContext, purpose: Purpose, token: string): Record<string, unknown> {
  const invalid = () => new CallError(Code.linkInvalid, 'The link is invalid or has expired.');
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) throw invalid();
  const expected = Buffer.from(sign(ctx, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  if (typeof fields.exp !== 'number' || fields.exp * 1000 <= ctx.now().getTime()) throw invalid();
  return fields;
}

/** The signed URL of the web version of a run (`/report/projectPDF1?link=…`), keyed with `report-link`. */
export function reportViewUrl(ctx: AppContext, link: ReportViewLink): string {
  return `${ctx.config.publicUrl}/report/projectPDF1?link=${signToken(ctx, VIEW, link)}`;
}

/** The web version link a token names; 1065 when tampered with or expired. */
export function verifyReportViewLink(ctx: AppContext, token: string): ReportViewLink {
  const fields = verifyToken(ctx, VIEW, token);
  if (typeof fields.run !== 'number' || typeof fields.language !== 'number') {
    throw new CallError(Code.linkInvalid, 'The link is invalid or has expired.');
  }
  return fields as unknown as ReportViewLink;
}

/**
 * The signed token of the equipment statistics issued with a run (keyed with `equipment-link`): it opens
 * those figures only, never the report's web version or a recipient's page.
 */
export function equipmentViewToken(ctx: AppContext, link: EquipmentViewLink): string {
  return signToken(ctx, EQUIPMENT, link);
}

/** The signed URL of the equipment statistics issued with a run (`/report/networkEquipDataPDF?link=…`). */
export function equipmentViewUrl(ctx: AppContext, link: EquipmentViewLink): string {
  return `${ctx.config.publicUrl}/report/networkEquipDataPDF?link=${equipmentViewToken(ctx, link)}`;
}

/** The equipment link a token names; 1065 when tampered with or expired. */
export function verifyEquipmentViewLink(ctx: AppContext, token: string): EquipmentViewLink {
  const fields = verifyToken(ctx, EQUIPMENT, token);
  if (typeof fields.run !== 'number' || typeof fields.pid !== 'number') {
    throw new CallError(Code.linkInvalid, 'The link is invalid or has expired.');
  }
  return fields as unknown as EquipmentViewLink;
}

/**
 * A recipient's signed page `/email/register?link=…` (keyed with `report-unsubscribe`): the same URL is the
 * `List-Unsubscribe` address, which a mail program POSTs to for one-click unsubscribe (RFC 8058).
 */
export function recipientLinkUrl(ctx: AppContext, link: RecipientLink): string {
  return `${ctx.config.publicUrl}/email/register?link=${signToken(ctx, RECIPIENT, link)}`;
}

/** The recipient link a token names; 1065 when tampered with or expired. */
export function verifyRecipientLink(ctx: AppContext, token: string): RecipientLink {
  const fields = verifyToken(ctx, RECIPIENT, token);
  if (
    typeof fields.pid !== 'number' ||
    typeof fields.rid !== 'number' ||
    typeof fields.email !== 'string' ||
    typeof fields.kind !== 'string'
  ) {
    throw new CallError(Code.linkInvalid, 'The link is invalid or has expired.');
  }
  return fields as unknown as RecipientLink;
}
