/**
 * The seam to 预约 (reservations): how many were made on a page per channel over a range of
 * China-time days, for the conversion of each channel. Null while no 预约 is counted (the
 * reservations' tables are not there yet): the 数据 page then shows 预约 and conversion as "—".
 */
export interface ReservationCounts {
  byChannel(slug: string, fromDay: string, toDay: string): Promise<Map<string, number> | null>;
}

export const noReservations: ReservationCounts = { byChannel: async () => null };
