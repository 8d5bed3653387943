import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched once, when redux-persist has put the stored state back: the root saga starts the API
 * sagas only then, so that they see the stored token and site config.
 */
export const appStarted = createAction('app/started');
