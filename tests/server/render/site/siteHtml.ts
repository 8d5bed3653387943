/** Small, strict readers of the renderer's output for the site tests: tags, attributes, references. */

export interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: Record<string, string>;
  raw: string;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

function unescape(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A <style> element and its text: the page's stylesheet is inline in its <head>. */
const STYLE = /(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi;

/** The text of every <style> element of `html`, in order (the stylesheet is inline, not a file). */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(STYLE)].map((match) => match[2]);
}

/**
 * `html` with its <style> elements emptied: the markup alone. Their CSS is text, not markup (a `>`
 * there is a selector), and names every class a page might use, shown or not.
 */
export function withoutStyleText(html: string): string {
  return html.replace(STYLE, '$1$3');
}

/** Every tag of `html` in order (the CSS inside <style> is skipped). React quotes every attribute value with "...", escaping " inside. */
export function tags(html: string): Tag[] {
  const list: Tag[] = [];
  const pattern = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g;
  for (const match of withoutStyleText(html).matchAll(pattern)) {
    const attributes: Record<string, string> = {};
    for (const attribute of match[3].matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) attributes[attribute[1].toLowerCase()] = unescape(attribute[2] ?? '');
    list.push({ name: match[2].toLowerCase(), closing: match[1] === '/', selfClosing: match[4] === '/', attributes, raw: match[0] });
  }
  return list;
}

/** Problems with the document's structure: doctype, one html/head/body, every tag closed in order. */
export function structureProblems(html: string): string[] {
  const problems: string[] = [];
  if (!/^<!DOCTYPE html>\s*<html lang="zh-CN">/.test(html)) problems.push('no doctype or html lang');
  const all = tags(html);
  for (const name of ['html', 'head', 'body', 'title']) {
    const count = all.filter((tag) => tag.name === name && !tag.closing).length;
    if (count !== 1) problems.push(`${count} <${name}>`);
  }
  // Every '<' that is not a tag must have been escaped: what remains between tags has no '<'.
  // The stylesheet is ours and may use '>' (a child selector), never '<': no markup can start inside it.
  if (inlineStyles(html).some((css) => css.includes('<'))) problems.push('a < inside a <style>');
  const text = withoutStyleText(html).replace(/^<!DOCTYPE html>/, '').replace(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g, '');
  if (text.includes('<') || text.includes('>')) problems.push('a stray < or > outside tags');
  const stack: string[] = [];
  for (const tag of all) {
    if (VOID.has(tag.name) || tag.selfClosing) continue;
    if (!tag.closing) stack.push(tag.name);
    else if (stack.pop() !== tag.name) problems.push(`</${tag.name}> closes the wrong element`);
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(', ')}`);
  return problems;
}

/** One candidate of a srcset: its URL and its descriptor ('640w', '2x', or '' for none). */
export interface SrcsetEntry {
  url: string;
  descriptor: string;
}

/** The candidates of a srcset attribute ("a-160.webp 160w, a-320.webp 320w"). */
export function srcsetEntries(srcset: string): SrcsetEntry[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim())
    .filter(Boolean)
    .map((candidate) => {
      const [url, ...rest] = candidate.split(/\s+/);
      return { url, descriptor: rest.join(' ') };
    });
}

/**
 * Resource references (they must be files in the folder): src, poster, every srcset (and a preload
 * link's imagesrcset) candidate, data-src and data-src-phone (the banner video site.js loads), link href and meta images. The url()s of the inline
 * stylesheet are read with cssUrls(inlineStyles(html)...), relative to the page as well.
 */
export function htmlResources(html: string): string[] {
  const refs: string[] = [];
  for (const tag of tags(html)) {
    if (tag.closing) continue;
    for (const name of ['src', 'poster', 'data-src', 'data-src-phone']) if (tag.attributes[name] !== undefined) refs.push(tag.attributes[name]);
    // imagesrcset: the preload <link> React puts in the head for a picture of the first screen.
    for (const name of ['srcset', 'imagesrcset']) if (tag.attributes[name] !== undefined) refs.push(...srcsetEntries(tag.attributes[name]).map((entry) => entry.url));
    if (tag.name === 'link' && tag.attributes.href !== undefined) refs.push(tag.attributes.href);
    if (tag.name === 'meta' && /image$/.test(tag.attributes.property ?? tag.attributes.name ?? '')) refs.push(tag.attributes.content ?? '');
    if (tag.name === 'image' || tag.name === 'use') for (const name of ['href', 'xlink:href']) if (tag.attributes[name] !== undefined) refs.push(tag.attributes[name]);
  }
  return refs;
}

/**
 * The inline styles of the page that are not a picture's own size: a picture's <img> carries its
 * width and shape as custom properties (`--w:300px;--ar:2.0000`) for the stylesheet to size it
 * before it loads; nothing else has a style attribute. [] when all is well.
 */
export function strayStyleAttributes(html: string): string[] {
  return tags(html)
    .filter((tag) => tag.attributes.style !== undefined && !(tag.name === 'img' && /^--w:\d+px;--ar:\d+\.\d{4}$/.test(tag.attributes.style)))
    .map((tag) => tag.raw);
}

export function cssUrls(css: string): string[] {
  return [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

export function linkTargets(html: string): string[] {
  return tags(html)
    .filter((tag) => tag.name === 'a' && !tag.closing)
    .map((tag) => tag.attributes.href ?? '');
}
