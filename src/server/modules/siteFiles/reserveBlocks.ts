import type { ReserveSiteRef } from '../../../contract/reservations';
import type { ReserveBlockInput } from '../../render/site/blocks/ReserveBlock';

/**
 * The 预约 block a site's outgoing copy carries (render/site/reserveStamp.tsx): `page` for a
 * published copy, drawn when the site's campaign is enabled; `zip` for a download, drawn when it
 * is enabled and its `zipForm` is on. Null: no block. `apiOrigin` is where the page will call
 * the public 预约 routes (PUBLIC_ORIGIN, else the origin the studio published or downloaded from).
 */
export interface ReserveBlocks {
  blockFor(site: ReserveSiteRef, apiOrigin: string, use: 'page' | 'zip'): Promise<ReserveBlockInput | null>;
  /**
   * The block of the preview of the site whose own folder is `dir` (served at /sites/<dir>/): the
   * published page's, in preview mode, which calls no API. Null for a folder that is no site's, or whose campaign is off.
   */
  previewBlockFor(dir: string): Promise<ReserveBlockInput | null>;
}

/**
 * Where the campaigns' module plugs in (it starts after publishing and the sites, which ask this
 * slot and so need not depend on it). Until it does, no site carries the block.
 */
export class ReserveBlockSlot implements ReserveBlocks {
  private source: ReserveBlocks | null = null;

  provide(source: ReserveBlocks): void {
    this.source = source;
  }

  blockFor(site: ReserveSiteRef, apiOrigin: string, use: 'page' | 'zip'): Promise<ReserveBlockInput | null> {
    return this.source ? this.source.blockFor(site, apiOrigin, use) : Promise.resolve(null);
  }

  previewBlockFor(dir: string): Promise<ReserveBlockInput | null> {
    return this.source ? this.source.previewBlockFor(dir) : Promise.resolve(null);
  }
}
