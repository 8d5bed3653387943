/**
 * The memory of WebP sizes already encoded: found again by the source's bytes and the width (not
 * by a file's name), the least recently used dropped first once past its byte budget.
 */
import { EncodedPictures } from '../../../../src/server/render/site/encodedPictures';

const bytes = (length: number, fill: number): Buffer => Buffer.alloc(length, fill);

describe('EncodedPictures', () => {
  it('finds a size by the source\'s bytes and the width only', () => {
    const cache = new EncodedPictures(1000);
    const source = EncodedPictures.digest(Buffer.from('picture A'));
    cache.set(source, 320, bytes(10, 1));
    expect(cache.get(EncodedPictures.digest(Buffer.from('picture A')), 320)).toEqual(bytes(10, 1));
    expect(cache.get(source, 640)).toBeUndefined();
    expect(cache.get(EncodedPictures.digest(Buffer.from('picture B')), 320)).toBeUndefined();
  });

  it('drops the least recently used sizes once past its budget, and never keeps one larger than it', () => {
    const cache = new EncodedPictures(100);
    const a = EncodedPictures.digest(Buffer.from('a'));
    cache.set(a, 1, bytes(40, 1));
    cache.set(a, 2, bytes(40, 2));
    // Using the first makes the second the oldest.
    expect(cache.get(a, 1)).toBeDefined();
    cache.set(a, 3, bytes(40, 3));
    expect(cache.get(a, 2)).toBeUndefined();
    expect(cache.get(a, 1)).toEqual(bytes(40, 1));
    expect(cache.get(a, 3)).toEqual(bytes(40, 3));
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
    cache.set(a, 4, bytes(101, 4));
    expect(cache.get(a, 4)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
  });

  it('counts a size set again once', () => {
    const cache = new EncodedPictures(100);
    const a = EncodedPictures.digest(Buffer.from('a'));
    cache.set(a, 1, bytes(30, 1));
    cache.set(a, 1, bytes(50, 2));
    expect(cache.size).toEqual({ entries: 1, bytes: 50 });
    expect(cache.get(a, 1)).toEqual(bytes(50, 2));
  });
});
