import { z } from 'zod';
import { envelopeShape, resultSchema } from '../schemas/common.ts';

/** One API call of section 7: where it is served, whether it needs a session, and its contract. */
export interface CallDef<
  P extends z.ZodRawShape = z.ZodRawShape,
  D extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> {
  /** Exact path of section 7. */
  path: string;
  method: 'POST' | 'GET';
  /** Authenticated calls carry token, uid and sign. */
  auth: A;
  /** OpenAPI tag and one-line summary. */
  tag: string;
  summary: string;
  /** Payload fields, without the envelope. */
  payload: P;
  /** Full body schema: payload plus envelope, unknown fields refused. */
  body: z.ZodType<z.output<z.ZodObject<P>>, z.input<z.ZodObject<P>>>;
  /** Schema of `data` in a successful answer. */
  data: D;
  /** Schema of the whole answer. */
  result: z.ZodType;
}

interface CallOptions<P extends z.ZodRawShape, D extends z.ZodType, A extends boolean> {
  path: string;
  method?: 'POST' | 'GET';
  auth: A;
  tag: string;
  summary: string;
  payload: P;
  data: D;
  /** Extra rule on the whole payload, with the message shown when it fails. */
  refine?: [(value: z.output<z.ZodObject<P>>) => boolean, string];
}

/** Builds a call definition: the body is the payload plus the envelope, with unknown fields refused. */
export function defineCall<P extends z.ZodRawShape, D extends z.ZodType, const A extends boolean>(
  options: CallOptions<P, D, A>,
): CallDef<P, D, A> {
  const shadowed = Object.keys(options.payload).filter((key) => key in envelopeShape);
  if (shadowed.length > 0)
    throw new Error(`${options.path}: payload field ${shadowed.join(', ')} is an envelope field`);
  let body = z.strictObject({ ...envelopeShape, ...options.payload }) as unknown as z.ZodType<
    z.output<z.ZodObject<P>>,
    z.input<z.ZodObject<P>>
  >;
  if (options.refine) {
    const [rule, message] = options.refine;
    body = body.refine(rule, { message });
  }
  return {
    path: options.path,
    method: options.method ?? 'POST',
    auth: options.auth,
    tag: options.tag,
    summary: options.summary,
    payload: options.payload,
    body,
    data: options.data,
    result: resultSchema(options.data),
  };
}

/** No payload fields. */
export const empty = {};
/** `data` of a call that answers nothing. */
export const nothing = z.null();

/** A field of an update: optional, without the default it has on add (left out, it keeps its value). */
type PatchField<S> =
  S extends z.ZodDefault<infer I extends z.ZodType> ? z.ZodOptional<I> : z.ZodOptional<S & z.ZodType>;

/**
 * The fields of an add call as an update takes them: each optional and without its default, so that a
 * field left out keeps its stored value rather than taking the default again.
 */
export function patchShape<S extends z.ZodRawShape>(shape: S): { [K in keyof S]: PatchField<S[K]> } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional(),
    ]),
  ) as { [K in keyof S]: PatchField<S[K]> };
}

/** True when the payload sets at least one of the fields of `shape` (the body also holds the envelope). */
export const setsAny = (payload: Record<string, unknown>, shape: object): boolean =>
  Object.keys(shape).some((key) => payload[key] !== undefined);
