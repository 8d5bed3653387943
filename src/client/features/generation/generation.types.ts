import type { BannerArtInfo, BannerTexts, GenerationModule, LogoCreateRequest, LogoTexts } from '../../../contract/generation';
import type { ConfigSlot } from '../selections/selections.types';

/** What a flow generates: a logo (modules tl, al) or a full-screen banner animation with its logo (fsa). */
export type GenerationKind = 'logo' | 'banner';

/** What a page asks for when the user submits (spec section 4, "Logo and banner generation"). */
export interface GenerationRequest {
  kind: GenerationKind;
  /** The create call's body; the saga adds isFirst. A template not chosen is 0 and fails validation. */
  payload: Omit<LogoCreateRequest, 'isFirst'>;
  /** The form whose results these are: the URLs are kept there. */
  slot: ConfigSlot;
  /** Open the preview page 1.5 s after success (the standalone flows); the mini site stays on its page. */
  openPreview: boolean;
}

/** A finished generation: the result URLs and where they belong. */
export interface GenerationResult {
  kind: GenerationKind;
  slot: ConfigSlot;
  module: GenerationModule;
  logoUrl: string;
  /** '' for a logo. */
  bannerUrl: string;
  /** The texts it was made from (the banner's lines too, for a banner). */
  texts?: LogoTexts & Partial<BannerTexts>;
  /** A banner's picture as the server named its maker; absent for a logo. */
  art?: BannerArtInfo;
  /** The description a banner's key art was painted from, when this request asked for a painting. */
  keyArtPrompt?: string;
}

/**
 * One generation's life, for its dialogs and the submit button:
 * checking (online check, maybe the login dialog) -> loading (the loading dialog: create, queue,
 * poll) <-> inquiring (the queue confirm) -> succeeded | failed, or back to idle when it stops.
 */
export type GenerationStatus = 'idle' | 'checking' | 'loading' | 'inquiring' | 'succeeded' | 'failed';
