import { documentTitle, titleOfMatches } from '../../../src/client/app/title';

describe('documentTitle', () => {
  it('puts the page title before the site title', () => {
    expect(documentTitle('登录')).toBe('登录 - 网页生成系统');
  });

  it('is the site title alone without a page title', () => {
    expect(documentTitle()).toBe('网页生成系统');
    expect(documentTitle('')).toBe('网页生成系统');
    expect(documentTitle(null)).toBe('网页生成系统');
  });
});

describe('titleOfMatches', () => {
  it('takes the deepest route that has a title', () => {
    const matches = [{ route: {} }, { route: { handle: { title: '后台管理' } } }, { route: { handle: { title: '个人中心' } } }];
    expect(titleOfMatches(matches)).toBe('个人中心');
  });

  it('falls back to a parent title, or none', () => {
    expect(titleOfMatches([{ route: { handle: { title: '后台管理' } } }, { route: {} }])).toBe('后台管理');
    expect(titleOfMatches([{ route: {} }])).toBeUndefined();
  });
});
