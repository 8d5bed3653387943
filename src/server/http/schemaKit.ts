/** Small builders for the JSON schemas every route declares (fastify/demo style). */

export interface JsonSchema {
  [keyword: string]: unknown;
}

export const str = (maxLength: number, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', maxLength, ...extra });

/** An object body/query: unknown properties are dropped by Fastify's Ajv (removeAdditional). */
export function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', additionalProperties: false, required, properties };
}

/** Response schema of an envelope; `data` may be null because refusals travel on HTTP 200 too. */
export function envelope(data: JsonSchema | null): JsonSchema {
  const dataSchema = data ? { ...data, type: [data.type as string, 'null'] } : { type: 'null' };
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: dataSchema },
  };
}

/** What a route may answer: the envelope on 200, and the 401 body on routes that need a login. */
export function responses(data: JsonSchema | null, options: { needsLogin?: boolean } = {}): Record<number, JsonSchema> {
  const answers: Record<number, JsonSchema> = { 200: envelope(data) };
  if (options.needsLogin) answers[401] = envelope(null);
  return answers;
}
