/**
 * DashScope's (Alibaba Cloud Model Studio) asynchronous task API as 通义万相 text-to-image uses it:
 * POST .../services/aigc/text2image/image-synthesis with `X-DashScope-Async: enable` creates a
 * task, GET .../tasks/{task_id} tells its status (PENDING, RUNNING, SUCCEEDED, FAILED, CANCELED,
 * UNKNOWN) and, once SUCCEEDED, the picture's URL (valid 24 h). Errors answer
 * `{ code, message, request_id }`. Every refusal becomes a Chinese message for the user; the
 * service's own words (English, sometimes echoing the request) never reach them.
 */
import { RenderUserFacingError } from '../jobSpec';
import type { DashScopeConfig } from './config';
import { readCapped } from './http';

export const DASHSCOPE_SYNTHESIS_PATH = '/api/v1/services/aigc/text2image/image-synthesis';
export const dashscopeTaskPath = (taskId: string): string => `/api/v1/tasks/${encodeURIComponent(taskId)}`;

export const DashScopeMessages = {
  unreachable: '无法连接通义万相服务，请稍后重试',
  timedOut: (seconds: number) => `通义万相绘图超时（${seconds}秒内未返回图片），请稍后重试`,
  moderation: '画面描述未通过通义万相的内容安全审核，请修改画面描述后重新生成',
  keyRefused: '通义万相服务拒绝了本站的访问密钥，AI绘图暂不可用，请联系网站管理员',
  accountRefused: '通义万相账户暂不可用（欠费或未开通该模型），AI绘图暂不可用，请联系网站管理员',
  parametersRefused: '通义万相不接受这段画面描述，请修改画面描述后重新生成',
  httpError: (status: number) => `通义万相服务返回错误（HTTP ${status}），请稍后重试`,
  failed: '通义万相绘图失败，请稍后重试',
  canceled: '通义万相绘图任务已被取消，请重新生成',
  unknown: '通义万相绘图任务已失效或不存在，请重新生成',
  badAnswer: '通义万相服务返回的内容无法识别，请稍后重试',
} as const;

const fail = (message: string, cause?: unknown): RenderUserFacingError => new RenderUserFacingError(message, { cause });

/** The longest side the text2image models take (万相2.1/2.2: each side 512 to 1440; 2.5: up to 1440*1440 in all). */
const MAX_SIDE = 1440;
const MIN_SIDE = 512;
/** The strictest prompt limit of those models (2.1/2.2: 500 characters). */
export const DASHSCOPE_PROMPT_MAX = 500;
/** The banner carries its own logo and texts: letters drawn into the picture would fight them. */
export const DASHSCOPE_NEGATIVE_PROMPT = '文字，字母，水印，标志，边框，拼贴，低分辨率，模糊，畸形';

/**
 * The size to ask for a picture of `width` x `height`: its shape with the longer side at 1440 and
 * the shorter at least 512, which every text2image model accepts (a thinner shape is cropped
 * afterwards). 1920x1080 asks for 1440*810.
 */
export function dashscopeSizeOf(width: number, height: number): { width: number; height: number } {
  const scale = MAX_SIDE / Math.max(width, height);
  const fit = (side: number): number => Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(side * scale)));
  return { width: fit(width), height: fit(height) };
}

/** What an answer of the service says, whatever it holds: fields of the wrong type are absent. */
interface Answer {
  status: number;
  code: string;
  taskId: string;
  taskStatus: string;
  url: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function answerOf(response: Response, signal: AbortSignal): Promise<Answer> {
  let body: unknown = null;
  try {
    body = JSON.parse((await readCapped(response)).toString('utf8'));
  } catch {
    if (signal.aborted) throw signal.reason;
    // A gateway's HTML page or an empty body: the status says enough.
  }
  const object = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  const output = object(object(body).output);
  const first: unknown = Array.isArray(output.results) ? output.results.find((result: unknown) => text(object(result).url)) : undefined;
  return {
    status: response.status,
    // A failed task holds its code in output; a refused request at the top.
    code: text(object(body).code) || text(output.code),
    taskId: text(output.task_id),
    taskStatus: text(output.task_status),
    url: text(object(first).url),
  };
}

/** What the user can act on in an error code (or, without one, the HTTP status); null for none of those. */
function actionableMessage(status: number, code: string): string | null {
  // Input or output caught by content moderation (绿网), or suspected of infringing a work.
  if (code.startsWith('DataInspection') || code === 'IPInfringementSuspect') return DashScopeMessages.moderation;
  if (code === 'InvalidApiKey' || status === 401) return DashScopeMessages.keyRefused;
  if (code === 'Arrearage' || code.startsWith('AccessDenied') || status === 403) return DashScopeMessages.accountRefused;
  if (code.startsWith('InvalidParameter') || code.startsWith('BadRequest') || status === 400) return DashScopeMessages.parametersRefused;
  return null;
}

/** A refused request's message for the user. */
export const refusalOf = (status: number, code: string): RenderUserFacingError => fail(actionableMessage(status, code) ?? DashScopeMessages.httpError(status));

const isThrottled = (answer: Answer): boolean => answer.status === 429 || answer.code.startsWith('Throttling');

/** Our side's failure to talk to the service: the job's abort passes through as it is. */
async function send(url: string, init: RequestInit, signal: AbortSignal): Promise<Response | null> {
  try {
    return await fetch(url, { ...init, signal, redirect: 'error' });
  } catch {
    if (signal.aborted) throw signal.reason;
    return null;
  }
}

export interface TaskRequest {
  prompt: string;
  width: number;
  height: number;
}

/** A task created (its id), or the account's limit reached: try again later. */
export type Submitted = { type: 'task'; taskId: string } | { type: 'throttled' };

/** Creates the task; refusals other than throttling end the paint. */
export async function submitTask(config: DashScopeConfig, request: TaskRequest, signal: AbortSignal): Promise<Submitted> {
  const size = dashscopeSizeOf(request.width, request.height);
  const body = {
    model: config.model,
    input: { prompt: Array.from(request.prompt).slice(0, DASHSCOPE_PROMPT_MAX).join(''), negative_prompt: DASHSCOPE_NEGATIVE_PROMPT },
    parameters: { size: `${size.width}*${size.height}`, n: 1 },
  };
  const response = await send(
    `${config.baseUrl}${DASHSCOPE_SYNTHESIS_PATH}`,
    { method: 'POST', headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json', 'x-dashscope-async': 'enable' }, body: JSON.stringify(body) },
    signal,
  );
  if (!response) throw fail(DashScopeMessages.unreachable);
  const answer = await answerOf(response, signal);
  if (isThrottled(answer)) return { type: 'throttled' };
  if (!response.ok || answer.code) throw refusalOf(answer.status, answer.code);
  // The id goes into the next URL's path: anything but a plain id is no answer of DashScope's.
  if (!/^[\w-]{1,128}$/.test(answer.taskId)) throw fail(DashScopeMessages.badAnswer);
  return { type: 'task', taskId: answer.taskId };
}

/** A task's state: still going, its picture, or (for a passing fault) ask again later. */
export type TaskState = { type: 'going' } | { type: 'again' } | { type: 'done'; url: string };

/** Asks once how the task goes; a finished task that has no picture ends the paint with its message. */
export async function queryTask(config: DashScopeConfig, taskId: string, signal: AbortSignal): Promise<TaskState> {
  const response = await send(`${config.baseUrl}${dashscopeTaskPath(taskId)}`, { method: 'GET', headers: { authorization: `Bearer ${config.apiKey}` } }, signal);
  // The task runs on whether or not one look got through: the next look may.
  if (!response) return { type: 'again' };
  const answer = await answerOf(response, signal);
  if (isThrottled(answer) || answer.status >= 500) return { type: 'again' };
  if (!response.ok) throw refusalOf(answer.status, answer.code);
  switch (answer.taskStatus) {
    case 'PENDING':
    case 'RUNNING':
      return { type: 'going' };
    case 'SUCCEEDED':
      if (!/^https?:\/\//i.test(answer.url)) throw fail(DashScopeMessages.badAnswer);
      return { type: 'done', url: answer.url };
    case 'FAILED':
      // The output's own code: moderation of the picture made, a parameter, an internal error...
      throw fail(actionableMessage(0, answer.code) ?? DashScopeMessages.failed);
    case 'CANCELED':
      throw fail(DashScopeMessages.canceled);
    case 'UNKNOWN':
      throw fail(DashScopeMessages.unknown);
    default:
      throw fail(DashScopeMessages.badAnswer);
  }
}

