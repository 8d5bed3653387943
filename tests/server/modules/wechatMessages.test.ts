/**
 * The pieces of WeChat's push protocol on their own: the strict XML reader, the signatures and the
 * AES scheme, checked against the fake WeChat's independent implementation (tests/fakes/wechat).
 */
import { MessageCipher, sha1OfSorted, signatureMatches, WechatCryptoError } from '../../../src/server/modules/wxAuth/wechat/messageCrypto';
import { buildWechatXml, parseWechatXml, XmlError } from '../../../src/server/modules/wxAuth/wechat/xml';
import { ticketOf } from '../../../src/server/modules/wxAuth/wechat/callback';
import { wechatDecrypt, wechatEncrypt } from '../../fakes/wechat/phone';
import { FAKE_AES_KEY, FAKE_APP_ID } from '../../fakes/wechat/server';

describe('parseWechatXml', () => {
  it('reads CDATA and plain leaves of the <xml> root', () => {
    expect(
      parseWechatXml(`<xml>
  <ToUserName><![CDATA[gh_1]]></ToUserName>
  <CreateTime>1700000000</CreateTime>
  <Content><![CDATA[a <b> & ]]]]><![CDATA[> 中文]]></Content>
  <Plain>x &amp; y &#20013;&#x6587;</Plain>
</xml>`),
    ).toEqual({ ToUserName: 'gh_1', CreateTime: '1700000000', Content: 'a <b> & ]]> 中文', Plain: 'x & y 中文' });
  });

  it('reads past nested elements (menu events) without taking them as values', () => {
    expect(parseWechatXml('<xml><Event><![CDATA[scancode_push]]></Event><ScanCodeInfo><ScanType><![CDATA[qrcode]]></ScanType></ScanCodeInfo></xml>')).toEqual({ Event: 'scancode_push' });
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE xml [<!ENTITY a "b">]><xml><A>&a;</A></xml>'],
    ['an internal entity', '<xml><A>&a;</A></xml>'],
    ['a DOCTYPE inside the root', '<xml><!DOCTYPE x><A>1</A></xml>'],
    ['a processing instruction inside', '<xml><?php x ?><A>1</A></xml>'],
    ['attributes', '<xml><A id="1">1</A></xml>'],
    ['mismatched tags', '<xml><A>1</B></xml>'],
    ['two roots', '<xml></xml><xml></xml>'],
    ['deep nesting', `<xml>${'<A>'.repeat(10)}${'</A>'.repeat(10)}</xml>`],
    ['an unclosed CDATA', '<xml><A><![CDATA[1</A></xml>'],
    ['more than 64 KB', `<xml><A>${'x'.repeat(65 * 1024)}</A></xml>`],
  ])('refuses %s', (_what, xml) => {
    expect(() => parseWechatXml(xml)).toThrow(XmlError);
  });

  it('writes what it reads back', () => {
    const xml = buildWechatXml([
      ['ToUserName', 'o1'],
      ['CreateTime', 1700000000],
      ['Content', '登录成功 ]]> <x>'],
    ]);
    expect(parseWechatXml(xml)).toEqual({ ToUserName: 'o1', CreateTime: '1700000000', Content: '登录成功 ]]> <x>' });
  });
});

describe('signatures', () => {
  it('is the sha1 of the sorted parts, compared in any case', () => {
    // sha1('123abctoken'): the parts sorted as strings.
    expect(sha1OfSorted(['token', 'abc', '123'])).toBe('84501b652458690801074dc0b44e9822dfb63245');
    const signature = sha1OfSorted(['token', '1700000000', 'nonce']);
    expect(signatureMatches(signature.toUpperCase(), ['nonce', 'token', '1700000000'])).toBe(true);
    expect(signatureMatches(signature, ['token', '1700000001', 'nonce'])).toBe(false);
    expect(signatureMatches('short', ['token', '1700000000', 'nonce'])).toBe(false);
  });
});

describe('MessageCipher', () => {
  const cipher = new MessageCipher(FAKE_AES_KEY, FAKE_APP_ID);
  const xml = '<xml><Content><![CDATA[扫码登录 ✓]]></Content></xml>';

  it('decrypts what WeChat (the fake, written apart) encrypts, and WeChat decrypts what it encrypts', () => {
    expect(cipher.decrypt(wechatEncrypt(xml))).toBe(xml);
    expect(wechatDecrypt(cipher.encrypt(xml))).toBe(xml);
  });

  it('pads to 32-byte blocks, a whole block when the message already fills them', () => {
    for (let length = 0; length < 70; length += 1) {
      const message = 'x'.repeat(length);
      const encrypted = Buffer.from(cipher.encrypt(message), 'base64');
      expect(encrypted.length % 32).toBe(0);
      expect(encrypted.length).toBeGreaterThan(20 + length + FAKE_APP_ID.length);
      expect(cipher.decrypt(encrypted.toString('base64'))).toBe(message);
    }
  });

  it('refuses a message for another AppID, a changed ciphertext and garbage', () => {
    const other = new MessageCipher(FAKE_AES_KEY, 'wxffffffffffffffff');
    expect(() => cipher.decrypt(other.encrypt(xml))).toThrow(WechatCryptoError);
    const bytes = Buffer.from(cipher.encrypt(xml), 'base64');
    bytes[bytes.length - 1] ^= 0xff;
    expect(() => cipher.decrypt(bytes.toString('base64'))).toThrow(WechatCryptoError);
    expect(() => cipher.decrypt('not base64 at all')).toThrow(WechatCryptoError);
    expect(() => new MessageCipher('short', FAKE_APP_ID)).toThrow(WechatCryptoError);
  });
});

describe('ticketOf', () => {
  it('reads the ticket of a subscribe by code and of a SCAN, and nothing else', () => {
    expect(ticketOf({ MsgType: 'event', Event: 'subscribe', EventKey: 'qrscene_T1' })).toBe('T1');
    expect(ticketOf({ MsgType: 'event', Event: 'SCAN', EventKey: 'T2' })).toBe('T2');
    expect(ticketOf({ MsgType: 'event', Event: 'subscribe', EventKey: '' })).toBeNull();
    expect(ticketOf({ MsgType: 'event', Event: 'subscribe', EventKey: 'T3' })).toBeNull();
    expect(ticketOf({ MsgType: 'event', Event: 'CLICK', EventKey: 'T4' })).toBeNull();
    expect(ticketOf({ MsgType: 'text', Content: 'T5' })).toBeNull();
  });
});
