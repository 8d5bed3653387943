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
