/**
 * The builder's 生成banner with BANNER_ART_PROVIDER=dashscope, through the API, the real queue and
 * a render thread, against the DashScope fake: the site names 通义万相 as the maker, the
 * description the user sends is the one painted, and the painted picture becomes the banner.
 */
import Fastify from 'fastify';
import type { BannerStatusAnswer, BuilderSite, GenerateBannerAnswer } from '../../../src/contract/builder';
import { WorkerPool } from '../../../src/server/queue/workerPool';
import { DASHSCOPE_PROVIDER_LABEL } from '../../../src/server/render/aiBanner/config';
import { DashScopeMessages } from '../../../src/server/render/aiBanner/dashscopeApi';
import { buildTestApp, get, post, type TestApp } from '../helpers';
import { alice, newSite } from './builderKit';
import { FakeRefusals, startDashScopeFake, type DashScopeFake } from '../../fakes/dashscope';

jest.setTimeout(120_000);

let fake: DashScopeFake;
let t: TestApp;

beforeAll(async () => {
  fake = await startDashScopeFake();
  const env = { BANNER_ART_PROVIDER: 'dashscope', DASHSCOPE_API_KEY: fake.apiKey, DASHSCOPE_BASE_URL: fake.baseUrl };
  // The render threads read the providers' settings from their own environment, as in production.
  t = await buildTestApp({ env: { RENDER_CONCURRENCY: '1', ...env }, generation: { runner: new WorkerPool({ size: 1, log: Fastify({ logger: false }).log, env }) } });
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

/** The banner's last poll: its picture, or its failure's message. */
async function outcome(callbackUrl: string, headers: Record<string, string>): Promise<{ done?: BannerStatusAnswer; failed?: string }> {
  const until = Date.now() + 90_000;
  for (;;) {
    const answer = await get<BannerStatusAnswer>(t, callbackUrl, headers);
    if (answer.code !== 200) return { failed: answer.msg };
    if (answer.data.status === 1) return { done: answer.data };
    if (Date.now() > until) throw new Error('banner not made in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('生成banner with 通义万相', () => {
  it('names the maker, paints the description sent, and the picture becomes the site\'s banner', async () => {
    const a = alice(t);
    const site = await newSite(t, a);
    expect(site.bannerArtist).toBe(DASHSCOPE_PROVIDER_LABEL);
    const prompt = '游戏《山海奇缘》的宣传主视觉，中国水墨画风格，远山淡雾';
    const created = await post<GenerateBannerAnswer>(t, '/api/createWeb/generateBanner', { id: site.id, isFirst: true, formData: { prompt, logotext: '山海' } }, a.headers);
    expect(created.code).toBe(200);
    const { done } = await outcome(created.data.callbackUrl, a.headers);
    expect(done?.bannerUrl).toMatch(/^\/generated\/[0-9a-f]{32}\/banner\.jpg$/);
    expect(fake.tasks.map((task) => task.prompt)).toEqual([prompt]);
    // The picture is ours now: served from our storage, not DashScope's 24-hour link.
    const picture = await t.app.inject({ method: 'GET', url: done?.bannerUrl ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const applied = await post<BuilderSite>(t, '/api/createWeb/setBannerPreview', { id: site.id, bannerId: done?.bannerId }, a.headers);
    expect(applied.code).toBe(200);
    expect(Object.values(applied.data.formData.banner)).toContain(done?.bannerUrl);
  });

  it('a description refused by content moderation ends the banner with the message to change it', async () => {
    const a = alice(t);
    const site = await newSite(t, a);
    fake.refuseNext(FakeRefusals.moderation);
    const created = await post<GenerateBannerAnswer>(t, '/api/createWeb/generateBanner', { id: site.id, isFirst: true, formData: { prompt: '被审核拒绝的描述', logotext: '山海' } }, a.headers);
    expect(created.code).toBe(200);
    expect(await outcome(created.data.callbackUrl, a.headers)).toEqual({ failed: DashScopeMessages.moderation });
  });
});
