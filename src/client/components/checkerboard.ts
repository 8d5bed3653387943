import type { CSSProperties } from 'react';

/** The grey-and-white squares image editors put behind a picture, so that its transparent parts show. */
export const checkerboardStyle: CSSProperties = {
  backgroundColor: '#fff',
  backgroundImage: 'repeating-conic-gradient(#e8e8e8 0% 25%, #fff 0% 50%)',
  backgroundSize: '20px 20px',
};
