/**
 * WeChat's message XML: one <xml> root whose children are leaves holding CDATA or plain text. A
 * general XML parser would bring DTDs, entities and their expansions (XXE, billion laughs) for no
 * use here, so this reads that shape and nothing else: no DOCTYPE, no processing instruction but
 * an optional declaration, no entity but the five predefined ones and numeric references, a
 * bounded size and depth. Nested elements (some menu events have them) are read past and dropped.
 */

export const MAX_XML_BYTES = 64 * 1024;
const MAX_DEPTH = 4;
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export class XmlError extends Error {
  override name = 'XmlError';
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeText(text: string): string {
  return text.replace(/&([^;&\s]{1,10});/g, (_whole, name: string) => {
    if (name in ENTITIES) return ENTITIES[name];
    const numeric = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(name);
    if (numeric) {
      const code = numeric[1] ? parseInt(numeric[1], 16) : Number(numeric[2]);
      if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    }
    throw new XmlError(`Unknown entity &${name};`);
  });
}

class Reader {
  pos = 0;

  constructor(readonly text: string) {}

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos += 1;
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  expect(token: string): void {
    if (!this.startsWith(token)) throw new XmlError(`Expected ${token} at ${this.pos}`);
    this.pos += token.length;
  }

  /** `<Name>`: the name. Attributes are not part of WeChat's messages. */
  openTag(): string {
    this.expect('<');
    const end = this.text.indexOf('>', this.pos);
    if (end < 0) throw new XmlError('Unclosed tag');
    const name = this.text.slice(this.pos, end);
    if (!NAME.test(name)) throw new XmlError('Bad tag');
    this.pos = end + 1;
    return name;
  }

  closeTag(name: string): void {
    this.expect(`</${name}`);
    this.skipSpace();
    this.expect('>');
  }

  /** An element's content after its open tag: text and CDATA, and whether it had child elements (read past). */
  content(name: string, depth: number): { value: string; nested: boolean } {
    let value = '';
    let nested = false;
    for (;;) {
      if (this.pos >= this.text.length) throw new XmlError(`Unclosed <${name}>`);
      if (this.startsWith('</')) {
        this.closeTag(name);
        return { value, nested };
      }
      if (this.startsWith('<![CDATA[')) {
        const end = this.text.indexOf(']]>', this.pos + 9);
        if (end < 0) throw new XmlError('Unclosed CDATA');
        value += this.text.slice(this.pos + 9, end);
        this.pos = end + 3;
        continue;
      }
      if (this.startsWith('<!') || this.startsWith('<?')) throw new XmlError('Declarations are not accepted');
      if (this.startsWith('<')) {
        if (depth >= MAX_DEPTH) throw new XmlError('Too deep');
        const child = this.openTag();
        this.content(child, depth + 1);
        nested = true;
        continue;
      }
      const next = this.text.indexOf('<', this.pos);
      if (next < 0) throw new XmlError(`Unclosed <${name}>`);
      value += decodeText(this.text.slice(this.pos, next));
      this.pos = next;
    }
  }
}

/** The leaf children of the `<xml>` root, by name; throws XmlError for anything else. */
export function parseWechatXml(text: string): Record<string, string> {
  if (Buffer.byteLength(text, 'utf8') > MAX_XML_BYTES) throw new XmlError('Too large');
  const reader = new Reader(text);
  reader.skipSpace();
  if (reader.startsWith('<?xml')) {
    const end = text.indexOf('?>', reader.pos);
    if (end < 0) throw new XmlError('Unclosed declaration');
    reader.pos = end + 2;
    reader.skipSpace();
  }
  const root = reader.openTag();
  if (root !== 'xml') throw new XmlError('The root is not <xml>');
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (;;) {
    reader.skipSpace();
    if (reader.startsWith('</')) {
      reader.closeTag('xml');
      break;
    }
    if (reader.startsWith('<!') || reader.startsWith('<?')) throw new XmlError('Declarations are not accepted');
    const name = reader.openTag();
    const { value, nested } = reader.content(name, 2);
    // A field with children is not a value of ours; the first of a repeated name wins.
    if (!nested && !(name in fields)) fields[name] = value;
  }
  reader.skipSpace();
  if (reader.pos !== text.length) throw new XmlError('Content after the root');
  return fields;
}

/** `<![CDATA[value]]>`, split where the value itself holds "]]>". */
export function cdata(value: string): string {
  return `<![CDATA[${value.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`;
}

/** A flat `<xml>` of the fields in order: numbers plain, strings in CDATA. */
export function buildWechatXml(fields: ReadonlyArray<readonly [string, string | number]>): string {
  return `<xml>${fields.map(([name, value]) => `<${name}>${typeof value === 'number' ? String(value) : cdata(value)}</${name}>`).join('')}</xml>`;
}
