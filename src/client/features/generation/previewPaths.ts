import type { GenerationModule } from '../../../contract/generation';
import { resultZipName } from '../../../contract/works';

export interface PreviewOf {
  module: GenerationModule;
  /** The logo's text: the game's name, which names the zip (星河战纪-LOGO.zip). */
  logotext: string;
  logoUrl: string;
  /** '' for a logo. */
  bannerUrl: string;
}

/** The preview page of a result, its URLs and its zip's name (spec section 4: fileName) encoded as query values. */
export function previewPathOf({ module, logotext, logoUrl, bannerUrl }: PreviewOf): string {
  const fileName = resultZipName(logotext, module);
  if (module !== 'fsa') return `/logo/preview?${new URLSearchParams({ logoUrl, fileName }).toString()}`;
  return `/banner/preview?${new URLSearchParams({ logoUrl, bannerUrl, fileName }).toString()}`;
}
