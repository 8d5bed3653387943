import fs from 'node:fs';
import path from 'node:path';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decoded(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * What a visitor reads on a page: its text and the attributes shown as text (title, alt,
 * placeholder, meta content), without scripts, styles or markup. A published site's names,
 * titles, descriptions and form values are all in it.
 */
export function visibleText(html: string): string {
  const shown: string[] = [];
  for (const match of html.matchAll(/\b(?:title|alt|placeholder|content|aria-label)\s*=\s*("([^"]*)"|'([^']*)')/gi)) shown.push(match[2] ?? match[3] ?? '');
  const body = html
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, '\n');
  shown.push(body);
  return decoded(shown.join('\n'));
}

/** The text of every page (.html) in a site folder, sub-folders included. */
export async function siteText(folder: string): Promise<string> {
  const entries = await fs.promises.readdir(folder, { recursive: true, withFileTypes: true });
  const pages = entries.filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.html'));
  const texts = await Promise.all(pages.map(async (entry) => visibleText(await fs.promises.readFile(path.join(entry.parentPath, entry.name), 'utf8'))));
  return texts.join('\n');
}
