/** The two font packages the site fonts use ship no types of their own: what we call of them. */
declare module 'subset-font' {
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype' }): Promise<Buffer>;
}

declare module 'fontverter' {
  const fontverter: {
    convert(font: Buffer, format: 'sfnt' | 'woff' | 'woff2' | 'truetype'): Promise<Buffer>;
    detectFormat(font: Buffer): string;
  };
  export default fontverter;
}
