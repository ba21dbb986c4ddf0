import type { z } from 'zod';
import { backupCalls } from './backup.ts';
import { fileCalls } from './file.ts';
import { networkCalls } from './network.ts';
import { projectCalls } from './project.ts';
import { shareCalls } from './share.ts';
import { userCalls } from './user.ts';
import { zoneCalls } from './zone.ts';

export { type CallDef, defineCall } from './define.ts';
export {
  FileNameSchema,
  fileDownload,
  fileUpload,
  ImageUpload,
  type UploadedFile,
  UploadedFileSchema,
} from './file.ts';

/** Every call served by this version, keyed by a stable name used by server handlers and web hooks. */
export const calls = {
  ...userCalls,
  ...projectCalls,
  ...networkCalls,
  ...shareCalls,
  ...zoneCalls,
  ...fileCalls,
  ...backupCalls,
};

/** Name of a call in the registry. */
export type CallName = keyof typeof calls;
/** Payload a client sends for a call (without the envelope). */
export type CallInput<N extends CallName> = z.input<z.ZodObject<(typeof calls)[N]['payload']>>;
/** Validated payload a handler receives. */
export type CallPayload<N extends CallName> = z.output<z.ZodObject<(typeof calls)[N]['payload']>>;
/** `data` of a successful answer. */
export type CallData<N extends CallName> = z.output<(typeof calls)[N]['data']>;
