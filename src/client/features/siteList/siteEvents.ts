import { createAction } from '@reduxjs/toolkit';
import type { ReserveSiteRef } from '../../../contract/reservations';

/*
 * What the site list does to a site that the builder's state must hear of. In a module of their
 * own: the builder's state (in the first load) knows them while the site list's code loads with
 * its page.
 */

/**
 * A version of site `id` became its draft. The builder drops its copy of that site, so that opening
 * it shows the restored draft and not the one on screen before.
 */
export const siteVersionRestored = createAction<{ id: number }>('siteVersions/restored');

/**
 * What site `site` shows in its preview changed while the preview's address did not (its 预约
 * settings were saved: the preview carries the block): a builder showing that site loads it again.
 */
export const sitePreviewChanged = createAction<ReserveSiteRef>('site/previewChanged');

/** Site `id` is gone on the server: its row leaves the list at once, and the builder forgets it if it had it open. */
export const siteDeleted = createAction<{ id: number }>('siteList/siteDeleted');
