import { addressLimitKey } from '../../../src/server/security/clientAddress';

describe('addressLimitKey', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as the IPv4 one', () => {
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:85a3:12::/64';
    expect(addressLimitKey('2001:db8:85a3:12::1')).toBe(key);
    expect(addressLimitKey('2001:0db8:85a3:0012:ffff:0:0:2')).toBe(key);
    expect(addressLimitKey('2001:db8:85a3:12:a:b:1.2.3.4')).toBe(key);
    expect(addressLimitKey('2001:DB8:85A3:12::9%eth0')).toBe(key);
    expect(addressLimitKey('2001:db8:85a3:13::1')).not.toBe(key);
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(addressLimitKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('answers null for no address, and anything else as it is', () => {
    expect(addressLimitKey('')).toBeNull();
    expect(addressLimitKey(null)).toBeNull();
    expect(addressLimitKey(undefined)).toBeNull();
    expect(addressLimitKey('unix-socket')).toBe('unix-socket');
  });
});
