import {
  ReserveOwnerRoutes,
  type GiftCodeAddAnswer,
  type ReservationListAnswer,
  type ReserveOwnerState,
  type ReserveSaveSettingsAnswer,
  type ReserveSettings,
  type ReserveSiteRef,
} from '../../contract/reservations';
import { call, callForBlob } from './http';

/** A site's 预约: its settings, real count and gift code counts. */
export function getReserveState(site: ReserveSiteRef): Promise<ReserveOwnerState> {
  return call<ReserveOwnerState>({ method: 'GET', url: ReserveOwnerRoutes.settings, params: site });
}

export function saveReserveSettings(site: ReserveSiteRef, settings: ReserveSettings): Promise<ReserveSaveSettingsAnswer> {
  return call<ReserveSaveSettingsAnswer>({ method: 'POST', url: ReserveOwnerRoutes.settings, data: { ...site, settings } });
}

export function listReservations(site: ReserveSiteRef, page: number, pageSize: number): Promise<ReservationListAnswer> {
  return call<ReservationListAnswer>({ method: 'GET', url: ReserveOwnerRoutes.list, params: { ...site, page, pageSize } });
}

/** The whole list as CSV (full phones), for the site's owner. */
export function exportReservations(site: ReserveSiteRef): Promise<Blob> {
  return callForBlob({ method: 'GET', url: ReserveOwnerRoutes.exportCsv, params: site });
}

export function deleteReservation(site: ReserveSiteRef, id: number): Promise<ReserveOwnerState> {
  return call<ReserveOwnerState>({ method: 'POST', url: ReserveOwnerRoutes.remove, data: { ...site, id } });
}

export function uploadGiftCodes(site: ReserveSiteRef, text: string): Promise<GiftCodeAddAnswer> {
  return call<GiftCodeAddAnswer>({ method: 'POST', url: ReserveOwnerRoutes.uploadCodes, data: { ...site, text } });
}

export function generateGiftCodes(site: ReserveSiteRef, count: number): Promise<GiftCodeAddAnswer> {
  return call<GiftCodeAddAnswer>({ method: 'POST', url: ReserveOwnerRoutes.generateCodes, data: { ...site, count } });
}
