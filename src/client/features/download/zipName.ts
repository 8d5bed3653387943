/** yyyyMMddHHmmss in local time: readable in a downloads folder and sorted by time. */
function timestamp(now: number): string {
  const date = new Date(now);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}

/**
 * The name a zip is saved under (spec section 4): the last segment of the zip URL's path, decoded,
 * else `{base}_{timestamp}.zip`. A name that is not a plain file name (empty, a dot name, one with
 * a slash after decoding) is not used.
 */
export function zipFileNameOf(zipUrl: string, base: string, now: number): string {
  let segment = '';
  try {
    const { pathname } = new URL(zipUrl, 'http://relative.invalid/');
    segment = decodeURIComponent(pathname.split('/').pop() ?? '');
  } catch {
    segment = '';
  }
  const usable = segment.trim() !== '' && segment !== '.' && segment !== '..' && !/[\\/]/.test(segment);
  return usable ? segment : `${base || 'download'}_${timestamp(now)}.zip`;
}
