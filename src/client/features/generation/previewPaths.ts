import type { GenerationKind } from './generation.types';

/** The zip's name (spec section 4: fileName 'LOGO' or '全屏动画'). */
export const ZIP_FILE_NAME: Record<GenerationKind, string> = { logo: 'LOGO', banner: '全屏动画' };

/** The preview page of a result, its URLs encoded as query values. */
export function previewPathOf(kind: GenerationKind, logoUrl: string, bannerUrl: string): string {
  if (kind === 'logo') return `/logo/preview?${new URLSearchParams({ logoUrl, fileName: ZIP_FILE_NAME.logo }).toString()}`;
  return `/banner/preview?${new URLSearchParams({ logoUrl, bannerUrl, fileName: ZIP_FILE_NAME.banner }).toString()}`;
}
