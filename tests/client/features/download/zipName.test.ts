import { zipFileNameOf } from '../../../../src/client/features/download/zipName';

// 2023-11-14 22:13:20 in the test machine's local time zone.
const now = new Date(2023, 10, 14, 22, 13, 20).getTime();

describe('zip file name (spec section 4)', () => {
  it.each([
    ['/zips/LOGO_20231114_ab12.zip', 'LOGO_20231114_ab12.zip'],
    ['https://cdn.example.com/zips/a/b/site.zip?sign=xyz#top', 'site.zip'],
    [`/zips/${encodeURIComponent('全屏动画_1.zip')}`, '全屏动画_1.zip'],
    ['/zips/archive', 'archive'],
  ])('takes the last segment of %s', (url, name) => {
    expect(zipFileNameOf(url, 'LOGO', now)).toBe(name);
  });

  it.each([['/zips/'], [''], ['/zips/%E0%A4%A'], ['/zips/..%2F..%2Fetc'], ['/zips/%2E%2E']])('falls back to a timestamped name for %p', (url) => {
    expect(zipFileNameOf(url, 'LOGO', now)).toBe('LOGO_20231114221320.zip');
  });

  it('falls back to download_ when there is no base name either', () => {
    expect(zipFileNameOf('', '', now)).toBe('download_20231114221320.zip');
  });
});
