/**
 * A channel's QR link is counted under the channel it names: the studio's custom channel is
 * checked by the rule the visit counter cleans channels with, and the link built for it is read
 * back by the counter's own parser.
 */
import { channelLink, channelProblem, countedChannel, PRESET_CHANNELS } from '../../../../src/contract/analytics';
import { channelQrFileName } from '../../../../src/client/features/siteStats/channelQrFile';
import { channelOf } from '../../../../src/server/modules/analytics/visitOf';

const slug = 'c'.repeat(32);
const page = `https://pub.example.cn/pub/${slug}/`;

describe('a channel for a QR code', () => {
  it('takes the preset channels and custom names the counter keeps as they are', () => {
    for (const name of [...PRESET_CHANNELS.map((preset) => preset.channel), 'tieba', 'xhs_2026', 'poster-a4', 'v1.2', '贴吧', 'a'.repeat(32)]) {
      expect(channelProblem(name)).toBeNull();
    }
  });

  it('refuses in words a name the counter would change or cut', () => {
    expect(channelProblem('')).toBe('请输入渠道名');
    expect(channelProblem('a'.repeat(33))).toBe('渠道名最多32个字符');
    for (const name of ['tie ba', ' tieba', 'a/b', '<script>', 'wechat&from=qq', '微信！', 'a%20b', 'é']) {
      expect(channelProblem(name)).toBe('渠道名只能包含字母、数字、汉字、-、_ 和 .');
    }
  });

  it('builds the page link that the counter reads back as the same channel', () => {
    expect(channelLink(page, 'wechat')).toBe(`${page}?from=wechat`);
    for (const name of [...PRESET_CHANNELS.map((preset) => preset.channel), 'Tieba', '贴吧', 'v1.2', 'x'.repeat(32)]) {
      const channel = countedChannel(name);
      expect(channelOf(channelLink(page, channel))).toBe(channel);
    }
    expect(countedChannel('Tieba')).toBe('tieba');
  });

  it('replaces a channel the page link already names instead of adding a second', () => {
    expect(channelOf(channelLink(`${page}?utm_source=old&from=old`, 'qq'))).toBe('qq');
    expect(new URL(channelLink(`${page}?from=old`, 'qq')).searchParams.getAll('from')).toEqual(['qq']);
  });
});

describe('the downloaded file name', () => {
  it('is the site name and the channel, without characters a file name may not hold', () => {
    expect(channelQrFileName('星辰官网', slug, 'wechat')).toBe('星辰官网-wechat.png');
    expect(channelQrFileName('A/B: "测试"?', slug, 'qq')).toBe('AB 测试-qq.png');
    expect(channelQrFileName(' /:* ', slug, '贴吧')).toBe(`${slug}-贴吧.png`);
  });
});
