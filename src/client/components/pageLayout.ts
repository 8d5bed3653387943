import type { CSSProperties } from 'react';

/** The content column of the generator pages: wide enough for six cards a row, centred. */
export const pageColumnStyle: CSSProperties = { maxWidth: 1200, margin: '0 auto' };
