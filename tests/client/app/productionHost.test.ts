import { productionHostTarget } from '../../../src/client/app/productionHost';

const here = { protocol: 'http:', host: 'staging.example.com:8080', pathname: '/user/logo/config', search: '?module=tl', hash: '#top' };

describe('productionHostTarget', () => {
  it('is off when the setting is empty', () => {
    expect(productionHostTarget('', here)).toBeNull();
    expect(productionHostTarget('   ', here)).toBeNull();
  });

  it('stays when the host is already the production host (any case)', () => {
    expect(productionHostTarget('STAGING.example.com:8080', here)).toBeNull();
  });

  it('goes to the same path, query and hash on the production host', () => {
    expect(productionHostTarget('www.example.com', here)).toBe('http://www.example.com/user/logo/config?module=tl#top');
  });

  it('takes the protocol from a setting given as an origin', () => {
    expect(productionHostTarget('https://www.example.com', here)).toBe('https://www.example.com/user/logo/config?module=tl#top');
    expect(productionHostTarget('https://staging.example.com:8080', here)).toBeNull();
  });

  it('ignores a setting that is not a valid origin', () => {
    expect(productionHostTarget('https://', here)).toBeNull();
  });
});
