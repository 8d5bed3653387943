/**
 * A local DashScope (Alibaba Cloud Model Studio) for tests: 通义万相 text-to-image as its API
 * reference describes it, on 127.0.0.1 with a port of its own.
 *
 * - POST /api/v1/services/aigc/text2image/image-synthesis checks `Authorization: Bearer <key>`
 *   (401 InvalidApiKey), `X-DashScope-Async: enable` (403 AccessDenied: HTTP calls are
 *   asynchronous only), a JSON body with a known `model` (400 InvalidParameter "Model not exist."),
 *   `input.prompt` (400 BadRequest.EmptyInput; within the model's length), `negative_prompt`
 *   (500 characters), `parameters.size` `W*H` within the model's limits and `n` 1 to 4 (400
 *   InvalidParameter); it answers `{ request_id, output: { task_id, task_status: 'PENDING' } }`.
 * - The account runs `concurrentTasks` tasks at once: one more is refused with 429 Throttling.
 * - GET /api/v1/tasks/{task_id} checks the key and moves the task one step per look: PENDING,
 *   RUNNING, then its end (SUCCEEDED with `output.results[0].url`, FAILED with code and message,
 *   CANCELED, forgotten, or never). An id it does not know answers UNKNOWN, as the real one does.
 * - The picture's URL is signed like an OSS link and served by the fake itself as a real PNG of the
 *   asked size; a request for it with an Authorization header is refused (OSS takes one credential).
 *
 * Errors answer `{ request_id, code, message }` with the real HTTP status.
 */
import { createCanvas } from '@napi-rs/canvas';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_DASHSCOPE_KEY = 'sk-fake0123456789abcdef';

/** What a task does after it is created. */
export type FakeTaskEnd =
  | { type: 'succeed' }
  | { type: 'fail'; code: string; message: string }
  | { type: 'cancel' }
  /** Forgotten at its end, as an expired task is: its id then answers UNKNOWN. */
  | { type: 'forget' }
  /** Stays RUNNING for ever (a timeout test). */
  | { type: 'never' };

/** A refusal of the next creation requests, as the service answers it. */
export interface FakeRefusal {
  status: number;
  code: string;
  message: string;
}

export const FakeRefusals = {
  throttled: { status: 429, code: 'Throttling.RateQuota', message: 'Requests rate limit exceeded, please try again later.' },
  keyRefused: { status: 401, code: 'InvalidApiKey', message: 'Invalid API-key provided.' },
  moderation: { status: 400, code: 'DataInspectionFailed', message: 'Input data may contain inappropriate content.' },
  arrearage: { status: 400, code: 'Arrearage', message: 'Access denied, please make sure your account is in good standing.' },
  internal: { status: 500, code: 'InternalError', message: 'An internal error has occured, please try again later or contact service support.' },
} as const satisfies Record<string, FakeRefusal>;

/** The text2image/image-synthesis models and their limits, from the API reference. */
interface ModelLimits {
  promptMax: number;
  /** Each side within [min, max] (2.2 and before)... */
  side?: { min: number; max: number };
  /** ...or the total pixels and the ratio (2.5). */
  pixels?: { min: number; max: number; ratio: number };
}
const SIDES = { min: 512, max: 1440 };
export const FAKE_DASHSCOPE_MODELS: Readonly<Record<string, ModelLimits>> = {
  'wanx2.1-t2i-turbo': { promptMax: 500, side: SIDES },
  'wanx2.1-t2i-plus': { promptMax: 500, side: SIDES },
  'wan2.2-t2i-flash': { promptMax: 500, side: SIDES },
  'wan2.2-t2i-plus': { promptMax: 500, side: SIDES },
  'wanx2.0-t2i-turbo': { promptMax: 800, side: SIDES },
  'wan2.5-t2i-preview': { promptMax: 2000, pixels: { min: 768 * 768, max: 1440 * 1440, ratio: 4 } },
};

export interface FakeTask {
  id: string;
  model: string;
  prompt: string;
  negativePrompt: string | undefined;
  size: { width: number; height: number };
  end: FakeTaskEnd;
  /** Looks taken so far: 0 PENDING, then RUNNING, then the end after `steps` looks. */
  looks: number;
  steps: number;
  finished: boolean;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface DashScopeFakeOptions {
  apiKey?: string;
  /** Tasks the account runs at once (wanx2.1-t2i-turbo: 2; some models 1). */
  concurrentTasks?: number;
  /** Looks before a task ends: the first ones answer PENDING, then RUNNING. */
  steps?: number;
}

export interface DashScopeFake {
  /** What DASHSCOPE_BASE_URL is set to. */
  baseUrl: string;
  apiKey: string;
  requests: SeenRequest[];
  tasks: FakeTask[];
  /** How the next tasks end, in order; then they succeed. */
  endNext(...ends: FakeTaskEnd[]): void;
  /** The next creation requests are refused so, in order (e.g. 429 twice). */
  refuseNext(...refusals: FakeRefusal[]): void;
  /** Creation requests answered 429 because the account's tasks were all busy, or refuseNext's 429s. */
  throttled: number;
  /** The most tasks that ran at once. */
  peakRunning: number;
  /** Ends every task that never would (its paint has given up). */
  finishAll(): void;
  close(): Promise<void>;
}

/** A picture of the asked size: a dark blue field with a yellow top band, so a crop shows. */
function pictureOf(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1a2b6d';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#f0c040';
  ctx.fillRect(0, 0, width, Math.round(height / 16));
  return canvas.encodeSync('png');
}

function sizeProblem(limits: ModelLimits, size: unknown): { width: number; height: number } | null {
  if (size === undefined) return { width: 1024, height: 1024 };
  const match = typeof size === 'string' ? /^(\d+)\*(\d+)$/.exec(size) : null;
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const sides = limits.side;
  if (sides && [width, height].some((side) => side < sides.min || side > sides.max)) return null;
  if (limits.pixels) {
    const { min, max, ratio } = limits.pixels;
    if (width * height < min || width * height > max || width / height > ratio || height / width > ratio) return null;
  }
  return { width, height };
}

export async function startDashScopeFake(options: DashScopeFakeOptions = {}): Promise<DashScopeFake> {
  const apiKey = options.apiKey ?? FAKE_DASHSCOPE_KEY;
  const concurrentTasks = options.concurrentTasks ?? 2;
  const steps = options.steps ?? 2;
  const ends: FakeTaskEnd[] = [];
  const refusals: FakeRefusal[] = [];
  const pictures = new Map<string, { signature: string; width: number; height: number }>();
  let baseUrl = '';

  const running = (): number => fake.tasks.filter((task) => !task.finished).length;

  const send = (response: http.ServerResponse, status: number, body: object): void => {
    response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
    response.end(JSON.stringify({ request_id: randomUUID(), ...body }));
  };
  const refuse = (response: http.ServerResponse, refusal: FakeRefusal): void => send(response, refusal.status, { code: refusal.code, message: refusal.message });
  const invalid = (response: http.ServerResponse, message: string, code = 'InvalidParameter'): void => refuse(response, { status: 400, code, message });
  const keyOk = (request: SeenRequest): boolean => request.headers.authorization === `Bearer ${apiKey}`;

  function create(request: SeenRequest, response: http.ServerResponse): void {
    if (!keyOk(request)) return refuse(response, FakeRefusals.keyRefused);
    if (request.headers['x-dashscope-async'] !== 'enable') return refuse(response, { status: 403, code: 'AccessDenied', message: 'current user api does not support synchronous calls' });
    if (!/^application\/json/.test(request.headers['content-type'] ?? '')) return invalid(response, 'Content-Type must be application/json');
    const refusal = refusals.shift();
    if (refusal) {
      if (refusal.status === 429) fake.throttled += 1;
      return refuse(response, refusal);
    }
    let body: { model?: unknown; input?: { prompt?: unknown; negative_prompt?: unknown }; parameters?: { size?: unknown; n?: unknown } };
    try {
      body = JSON.parse(request.body) as typeof body;
    } catch {
      return invalid(response, 'Request body is not valid JSON.');
    }
    if (typeof body.model !== 'string' || !body.model) return invalid(response, 'Required parameter "model" missing from request.', 'BadRequest.EmptyModel');
    const limits = FAKE_DASHSCOPE_MODELS[body.model];
    if (!limits) return invalid(response, 'Model not exist.');
    const prompt = body.input?.prompt;
    if (typeof prompt !== 'string' || !prompt.trim()) return invalid(response, 'Required input parameter missing from request.', 'BadRequest.EmptyInput');
    if (Array.from(prompt).length > limits.promptMax) return invalid(response, `Range of input length should be [1, ${limits.promptMax}]`);
    const negative = body.input?.negative_prompt;
    if (negative !== undefined && (typeof negative !== 'string' || Array.from(negative).length > 500)) return invalid(response, 'Range of negative_prompt length should be [0, 500]');
    const size = sizeProblem(limits, body.parameters?.size);
    if (!size) return invalid(response, `The size is not match the allowed size: ${String(body.parameters?.size)}`);
    const n = body.parameters?.n ?? 4;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 4) return invalid(response, 'n should be in [1, 4]');
    if (running() >= concurrentTasks) {
      fake.throttled += 1;
      return refuse(response, { status: 429, code: 'Throttling', message: 'Requests throttling triggered.' });
    }
    const task: FakeTask = { id: randomUUID(), model: body.model, prompt, negativePrompt: negative, size, end: ends.shift() ?? { type: 'succeed' }, looks: 0, steps, finished: false };
    fake.tasks.push(task);
    fake.peakRunning = Math.max(fake.peakRunning, running());
    send(response, 200, { output: { task_id: task.id, task_status: 'PENDING' } });
  }

  function look(request: SeenRequest, response: http.ServerResponse, id: string): void {
    if (!keyOk(request)) return refuse(response, FakeRefusals.keyRefused);
    const task = fake.tasks.find((candidate) => candidate.id === id);
    if (!task) return send(response, 200, { output: { task_id: id, task_status: 'UNKNOWN' } });
    task.looks += 1;
    const times = { submit_time: '2026-11-29 08:00:00.000', scheduled_time: '2026-11-29 08:00:01.000' };
    if (task.end.type === 'never' || task.looks <= task.steps) {
      return send(response, 200, { output: { task_id: id, task_status: task.looks <= 1 ? 'PENDING' : 'RUNNING', ...times, task_metrics: { TOTAL: 1, SUCCEEDED: 0, FAILED: 0 } } });
    }
    task.finished = true;
    if (task.end.type === 'forget') {
      fake.tasks.splice(fake.tasks.indexOf(task), 1);
      return send(response, 200, { output: { task_id: id, task_status: 'UNKNOWN' } });
    }
    const ended = { task_id: id, ...times, end_time: '2026-11-29 08:00:09.000' };
    if (task.end.type === 'cancel') return send(response, 200, { output: { ...ended, task_status: 'CANCELED' } });
    if (task.end.type === 'fail') return send(response, 200, { output: { ...ended, task_status: 'FAILED', code: task.end.code, message: task.end.message } });
    const signature = randomUUID().replace(/-/g, '');
    pictures.set(id, { signature, ...task.size });
    const url = `${baseUrl}/oss/1d/${id}-0.png?Expires=1764489600&OSSAccessKeyId=LTAI-fake&Signature=${signature}`;
    send(response, 200, {
      output: { ...ended, task_status: 'SUCCEEDED', results: [{ orig_prompt: task.prompt, actual_prompt: `${task.prompt}，细节丰富`, url }], task_metrics: { TOTAL: 1, SUCCEEDED: 1, FAILED: 0 } },
      usage: { image_count: 1 },
    });
  }

  function picture(request: SeenRequest, response: http.ServerResponse, id: string, query: URLSearchParams): void {
    const stored = pictures.get(id);
    if (request.headers.authorization) {
      response.writeHead(400, { 'content-type': 'application/xml' });
      return void response.end('<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>');
    }
    if (!stored || query.get('Signature') !== stored.signature) {
      response.writeHead(403, { 'content-type': 'application/xml' });
      return void response.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
    }
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(pictureOf(stored.width, stored.height));
  }

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const request: SeenRequest = { method: incoming.method ?? '', path: url.pathname, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
      fake.requests.push(request);
      const task = /^\/api\/v1\/tasks\/([^/]+)$/.exec(url.pathname);
      const oss = /^\/oss\/1d\/([\w-]+)-0\.png$/.exec(url.pathname);
      if (request.method === 'POST' && url.pathname === '/api/v1/services/aigc/text2image/image-synthesis') create(request, response);
      else if (request.method === 'GET' && task) look(request, response, decodeURIComponent(task[1]));
      else if (request.method === 'GET' && oss) picture(request, response, oss[1], url.searchParams);
      else refuse(response, { status: 404, code: 'NotFound', message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: DashScopeFake = {
    baseUrl,
    apiKey,
    requests: [],
    tasks: [],
    throttled: 0,
    peakRunning: 0,
    endNext: (...more) => void ends.push(...more),
    refuseNext: (...more) => void refusals.push(...more),
    finishAll: () => fake.tasks.forEach((task) => (task.finished = true)),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}
