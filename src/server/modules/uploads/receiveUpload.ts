import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AnswerCode } from '../../../contract/envelope';
import { BusinessError, fail, invalid } from '../../http/envelope';
import type { UploadOutcome, UploadPolicy, UploadStore } from './uploadStore';

/** Room for the multipart framing and a few small fields around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The multipart field that carries the picture (spec section 7: field `image`). */
export const IMAGE_FIELD = 'image';

/** HTTP 413 with the route's message. */
export function tooLargeReply(reply: FastifyReply, message: string): FastifyReply {
  // The client may still be sending: closing the connection stops it, instead of reading it all.
  return reply.code(413).header('connection', 'close').send(fail(413, message));
}

/** onRequest hook: a declared length past the limit is refused before a byte of the body is read. */
export function refuseLargeBodies(maxBytes: number, message: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) return tooLargeReply(reply, message);
    return undefined;
  };
}

/**
 * Registers routes that take one picture by multipart, in a scope of their own so that no other
 * route accepts multipart. The parser stops the file at `maxBytes` and marks it truncated; the
 * store then answers "too large" and the route HTTP 413.
 */
export async function registerUploadScope(app: FastifyInstance, maxBytes: number, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    });
    routes(scope);
  });
}

/**
 * Reads a multipart body: the `image` file goes to the store (checked by its bytes against
 * `policy`), the text fields beside it (before or after the file) are answered as they are. A
 * file cut at the size limit ends the reading at once: the rest of the body is not read.
 */
export async function receiveUpload(
  request: FastifyRequest,
  uploads: UploadStore,
  policy: UploadPolicy,
  failedMessage: string,
): Promise<{ outcome: UploadOutcome; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw invalid(policy.messages.missing);
  const fields: Record<string, string> = {};
  let outcome: UploadOutcome | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== IMAGE_FIELD || outcome) {
        part.file.resume();
        continue;
      }
      outcome = await uploads.save(part.file, () => part.file.truncated, policy);
      if (outcome.type === 'tooLarge') break;
    }
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    // A body that is not well-formed multipart, or a connection cut mid-file.
    request.log.info({ err: error }, 'upload failed');
    if (outcome?.type === 'stored') await uploads.remove(outcome.shortUrl);
    throw new BusinessError(AnswerCode.invalid, failedMessage);
  }
  if (!outcome) throw invalid(policy.messages.missing);
  return { outcome, fields };
}
