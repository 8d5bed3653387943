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

/** Every tag of `html` in order. React quotes every attribute value with "...", escaping " inside. */
export function tags(html: string): Tag[] {
  const list: Tag[] = [];
  const pattern = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g;
  for (const match of html.matchAll(pattern)) {
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
  const text = html.replace(/^<!DOCTYPE html>/, '').replace(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g, '');
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

/** Resource references (they must be files in the folder): src, poster, link href, meta images, and url() in CSS. */
export function htmlResources(html: string): string[] {
  const refs: string[] = [];
  for (const tag of tags(html)) {
    if (tag.closing) continue;
    for (const name of ['src', 'poster', 'srcset']) if (tag.attributes[name] !== undefined) refs.push(tag.attributes[name]);
    if (tag.name === 'link' && tag.attributes.href !== undefined) refs.push(tag.attributes.href);
    if (tag.name === 'meta' && /image$/.test(tag.attributes.property ?? tag.attributes.name ?? '')) refs.push(tag.attributes.content ?? '');
    if (tag.name === 'image' || tag.name === 'use') for (const name of ['href', 'xlink:href']) if (tag.attributes[name] !== undefined) refs.push(tag.attributes[name]);
  }
  return refs;
}

export function cssUrls(css: string): string[] {
  return [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

export function linkTargets(html: string): string[] {
  return tags(html)
    .filter((tag) => tag.name === 'a' && !tag.closing)
    .map((tag) => tag.attributes.href ?? '');
}
