import { safeLinkHref } from '../../../src/contract/links';

describe('safeLinkHref', () => {
  it.each(['https://qm.qq.com/q/abc', 'http://example.com/a?b=1', '/uploads/ad.png', 'ad.html', '//cdn.example.com/x', '  https://x.cn  '])('allows %p', (link) => {
    expect(safeLinkHref(link)).toBe(link.trim());
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>x</script>', 'vbscript:x', 'mailto:a@b.c'])(
    'refuses %p',
    (link) => {
      expect(safeLinkHref(link)).toBeNull();
    },
  );

  it('gives null for nothing', () => {
    expect(safeLinkHref('')).toBeNull();
    expect(safeLinkHref(undefined)).toBeNull();
    expect(safeLinkHref(null)).toBeNull();
  });
});
