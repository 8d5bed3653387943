/** Shapes of the public "common" calls: site config, login and online checks, tutorials. */

/** GET /index/index/getSiteConfig (spec section 3, "Site config (public)"). */
export interface SiteConfig {
  logoUrl: string;
  copyright: string;
  qq1: string;
  qq1_link: string;
  /** The scan-to-join QR image of the feedback group. */
  qq1_url: string;
  qq3: string;
  qq3_link: string;
  qq4: string;
  qq4_link: string;
  ad1_url: string;
  ad1_link: string;
  ad2_url: string;
  ad2_link: string;
}

/** POST /index/common/checkLogin */
export interface CheckLoginAnswer {
  loginFlag: boolean;
}

/** POST /index/common/checkOnline */
export interface CheckOnlineAnswer {
  isOnline: boolean;
}

/** POST /index/index/getVideoTutorialUrl */
export interface VideoTutorialRequest {
  type: string;
}
export interface VideoTutorialAnswer {
  /** Empty when there is no video of that type. */
  videoUrl: string;
}

/**
 * The flows that ship a tutorial video, by the `type` of /videoTutorial?type= and of
 * getVideoTutorialUrl. The header's 视频教程 links type 1, the mini site (the home page's flow).
 */
export const TUTORIAL_TYPES = [
  { type: '1', label: '迷你站' },
  { type: '2', label: 'LOGO' },
  { type: '3', label: '整屏动画' },
  { type: '4', label: '网站搭建' },
] as const;

export type TutorialType = (typeof TUTORIAL_TYPES)[number]['type'];
