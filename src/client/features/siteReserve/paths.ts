import type { ReserveSiteRef } from '../../../contract/reservations';

/** The back office's 预约 page of a builder site or a mini site (kept apart from the page so the lists that link to it do not load it). */
export function siteReservePath(site: ReserveSiteRef): string {
  return site.builderId ? `/backend/siteReserve?builderId=${site.builderId}` : `/backend/siteReserve?miniSiteDir=${encodeURIComponent(site.miniSiteDir ?? '')}`;
}

/** The site the page's address names, or null when it names none (the server checks the rest). */
export function siteRefOf(search: URLSearchParams): ReserveSiteRef | null {
  const builderId = Number(search.get('builderId'));
  if (Number.isSafeInteger(builderId) && builderId > 0) return { builderId };
  const miniSiteDir = search.get('miniSiteDir');
  return miniSiteDir ? { miniSiteDir } : null;
}
