/**
 * A fake of an OpenAI-images style service (BANNER_ART_URL, the `http` banner-art provider): POST
 * JSON { prompt, width, height, n, size, response_format: 'b64_json', model? } answered with
 * { created, data: [{ b64_json }] }, as /v1/images/generations does. Started by a test on
 * 127.0.0.1, port 0. A test decides each answer: the picture (at once, or when it releases it),
 * an error status with an OpenAI-style error body (a moderation refusal is a 400), or none at all.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ImageRequest {
  path: string;
  authorization: string;
  body: { prompt?: unknown; width?: unknown; height?: unknown; n?: unknown; size?: unknown; response_format?: unknown; model?: unknown };
}

export type ImageAnswer =
  | { type: 'picture'; bytes: Buffer }
  /** Held until the returned release is called: the painting a test watches. */
  | { type: 'held'; bytes: Buffer }
  | { type: 'error'; status: number; code: string; message: string }
  /** Never answers (a timeout). */
  | { type: 'silent' };

export interface FakeImageService {
  /** The URL to set as BANNER_ART_URL. */
  url: string;
  requests: ImageRequest[];
  /** What the next requests are answered (the last one set stands). */
  answer(answer: ImageAnswer): void;
  /** Answers the requests held so far: with their picture, or with `instead` (an error, say). */
  release(instead?: Extract<ImageAnswer, { type: 'picture' | 'error' }>): void;
  close(): Promise<void>;
}

export const IMAGE_PATH = '/v1/images/generations';

export async function startFakeImageService(first: ImageAnswer): Promise<FakeImageService> {
  let current = first;
  const requests: ImageRequest[] = [];
  const held: Array<(instead?: Extract<ImageAnswer, { type: 'picture' | 'error' }>) => void> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== IMAGE_PATH) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found","code":"not_found"}}');
        return;
      }
      let body: ImageRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ImageRequest['body'];
      } catch {
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"invalid json","code":"invalid_request"}}');
        return;
      }
      requests.push({ path: request.url, authorization: request.headers.authorization ?? '', body });
      // What the real service refuses before painting: no prompt, or not the b64_json answer asked for.
      if (typeof body.prompt !== 'string' || !body.prompt || body.response_format !== 'b64_json') {
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"prompt is required","code":"invalid_request"}}');
        return;
      }
      const send = (answer: ImageAnswer): void => {
        switch (answer.type) {
          case 'picture':
            response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [{ b64_json: answer.bytes.toString('base64') }] }));
            return;
          case 'held':
            held.push((instead) => send(instead ?? { type: 'picture', bytes: answer.bytes }));
            return;
          case 'error':
            response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: answer.message, code: answer.code } }));
            return;
          case 'silent':
            return;
        }
      };
      send(current);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${IMAGE_PATH}`,
    requests,
    answer: (answer) => {
      current = answer;
    },
    release: (instead) => {
      for (const send of held.splice(0)) send(instead);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
