/**
 * The banner tab's 画面描述: while it holds its template's sample scene it shows, and 生成banner
 * sends, the prompt written from the user's game (name, headline, subtitle, the banner's style);
 * a description the user typed is theirs and goes as it is.
 */
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import * as builderApi from '../../../../src/client/api/builderApi';
import type { BuilderState } from '../../../../src/client/features/builder/builder.types';
import { runBanner } from '../../../../src/client/features/builder/bannerJobSaga';
import { builderSlice, editUndone, templateSwitched } from '../../../../src/client/features/builder/builderSlice';
import { suggestedBannerPrompt, withShownBannerPrompt } from '../../../../src/client/features/builder/builderRules';
import { artPromptOf } from '../../../../src/contract/artPrompt';
import type { BuilderSite } from '../../../../src/contract/builder';
import type { ConfigGroup } from '../../../../src/contract/miniSite';
import { fakeWorld, rootReducer } from '../../sagaHarness';
import { openState, site, template } from './builderHarness';

const MAIN: ConfigGroup[] = [{ name: '整站', children: [{ key: 'web_name', name: '网站名称', type: 'text', value: '龙腾天下' }] }];
const BANNER: ConfigGroup[] = [
  {
    name: '首屏',
    children: [
      { key: 'prompt', name: '画面描述', type: 'textarea', value: '云海之上的仙山楼阁，金色晨光' },
      { key: 'title', name: '主标题', type: 'text', value: '御剑九天 问道长生' },
      { key: 'subtitle', name: '副标题', type: 'text', value: '全新资料片今日开启' },
    ],
  },
];

/** A site whose name is the user's and whose headline and subtitle are `banner`'s (samples unless said). */
function gameSite(banner: Record<string, string> = {}, webName = '山海奇缘', bannerStyle = 'ink-mountains'): BuilderSite {
  const base = site();
  return site({
    bannerStyle,
    configData: { ...base.configData, main: MAIN, banner: BANNER },
    formData: {
      ...base.formData,
      main: { web_name: webName },
      banner: { prompt: '云海之上的仙山楼阁，金色晨光', title: '御剑九天 问道长生', subtitle: '全新资料片今日开启', ...banner },
    },
  });
}

const stop = [matchers.call.fn(builderApi.generateBanner), throwError(new Error('stopped here'))] as StaticProvider;

async function sentPrompt(s: BuilderSite): Promise<string> {
  const world = fakeWorld({ location: { pathname: '/createWeb', search: '' } });
  let sent = '';
  await expectSaga(runBanner)
    .withReducer(rootReducer, openState(s))
    .provide([
      {
        call: (effect, next) => {
          if (effect.fn === builderApi.generateBanner) sent = (effect.args[0] as { formData: Record<string, string> }).formData.prompt;
          return next();
        },
      },
      world.providers,
      stop,
    ])
    .run();
  return sent;
}

describe('the banner tab\'s 画面描述', () => {
  it('is written from the user\'s game while it is the sample scene: their name, their headline, the banner\'s style', () => {
    const own = gameSite({ title: '踏遍山海 只为寻你' });
    const prompt = suggestedBannerPrompt(own);
    expect(prompt).toBe(artPromptOf({ gameName: '山海奇缘', slogan: '踏遍山海 只为寻你', texts: [''], style: 'ink-mountains' }));
    expect(prompt).toContain('《山海奇缘》');
    expect(prompt).toContain('中国水墨画风格');
    expect(withShownBannerPrompt(own).formData.banner.prompt).toBe(prompt);
    // The stored site is not changed: the suggestion is what the tab shows and sends.
    expect(own.formData.banner.prompt).toBe('云海之上的仙山楼阁，金色晨光');
  });

  it('never quotes another game\'s sample texts: a sample name, headline or subtitle is left out', () => {
    const prompt = suggestedBannerPrompt(gameSite({}, '龙腾天下'));
    expect(prompt).not.toContain('龙腾天下');
    expect(prompt).not.toContain('御剑九天');
    expect(prompt).not.toContain('资料片');
    expect(prompt).not.toContain('云海之上的仙山楼阁');
  });

  it('follows the banner template\'s style', () => {
    expect(suggestedBannerPrompt(gameSite({}, '山海奇缘', 'cyber-city'))).toContain('赛博朋克');
    expect(suggestedBannerPrompt(gameSite({}, '山海奇缘', ''))).toContain('游戏宣传主视觉风格');
  });

  it('leaves a description the user typed, or emptied, as it is', () => {
    const typed = gameSite({ prompt: '我自己写的画面' });
    expect(withShownBannerPrompt(typed)).toBe(typed);
    const emptied = gameSite({ prompt: '' });
    expect(withShownBannerPrompt(emptied).formData.banner.prompt).toBe('');
  });

  it('生成banner sends the written prompt while the field holds the sample', async () => {
    expect(await sentPrompt(gameSite({ title: '踏遍山海 只为寻你' }))).toBe(artPromptOf({ gameName: '山海奇缘', slogan: '踏遍山海 只为寻你', style: 'ink-mountains' }));
  });

  it('生成banner sends the user\'s own description untouched', async () => {
    expect(await sentPrompt(gameSite({ prompt: '  月下竹林，白衣剑客  ' }))).toBe('  月下竹林，白衣剑客  ');
  });

  it('撤销 of a template switch brings the banner\'s style back with it, and so the description written in it', () => {
    const palace = gameSite({}, '山海奇缘', 'golden-palace');
    const warp = { ...gameSite({}, '山海奇缘', 'warp'), selectedComponents: { ...palace.selectedComponents, banner: template('banner', 2) } };
    let state: BuilderState = openState(palace).builder;
    state = builderSlice.reducer(state, templateSwitched(warp));
    expect(suggestedBannerPrompt(state.site as BuilderSite)).toContain('星云');
    state = builderSlice.reducer(state, editUndone());
    expect(state.site?.bannerStyle).toBe('golden-palace');
    expect(withShownBannerPrompt(state.site as BuilderSite).formData.banner.prompt).toContain('宫殿');
  });
});
