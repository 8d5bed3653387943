/**
 * The character a square mark shows: the title's first letter or character that draws something
 * (a leading space, bracket or dash would make an empty icon), a Latin letter in capitals.
 */
const DRAWS = /[\p{L}\p{N}]/u;

export function markCharacter(title: string): string {
  const chars = Array.from(title.trim());
  const first = chars.find((ch) => DRAWS.test(ch)) ?? chars[0] ?? '';
  return first.toLocaleUpperCase('en');
}
