import { createSlice } from '@reduxjs/toolkit';
import { locationChanged } from '../../app/routerSlice';
import { loggedIn } from './authSlice';

/**
 * The login dialog mounted once at the app root (spec section 6 and screen 10). Generation flows
 * open it and then wait for `auth/loggedIn` (success) or `loginDialog/closed` (the user gave up).
 */
export interface LoginDialogState {
  open: boolean;
}

const initialState: LoginDialogState = { open: false };

export const loginDialogSlice = createSlice({
  name: 'loginDialog',
  initialState,
  reducers: {
    opened(state) {
      state.open = true;
    },
    closed(state) {
      state.open = false;
    },
  },
  extraReducers: (builder) => {
    // Any login ends the dialog's job, whichever pane (or another tab's page) achieved it.
    builder.addCase(loggedIn, (state) => {
      state.open = false;
    });
    // The dialog belongs to the page that opened it (its QR polling stops when the user leaves).
    builder.addCase(locationChanged, (state) => {
      state.open = false;
    });
  },
  selectors: {
    selectLoginDialogOpen: (state) => state.open,
  },
});

export const { opened: loginDialogOpened, closed: loginDialogClosed } = loginDialogSlice.actions;
export const { selectLoginDialogOpen } = loginDialogSlice.selectors;
