import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { locationChanged } from '../../app/routerSlice';
import type { LoginDialogView } from './auth.types';
import { loggedIn } from './authSlice';

/**
 * The login dialog mounted once at the app root (spec section 6 and screen 10). Generation flows
 * open it and then wait for `auth/loggedIn` (success) or `loginDialog/closed` (the user gave up).
 */
export interface LoginDialogState {
  open: boolean;
  /** The pane shown; null until the user picks one: the screen's default tab (loginTabOf). */
  view: LoginDialogView | null;
}

const initialState: LoginDialogState = { open: false, view: null };

export const loginDialogSlice = createSlice({
  name: 'loginDialog',
  initialState,
  reducers: {
    opened(state) {
      state.open = true;
      state.view = null;
    },
    closed(state) {
      state.open = false;
    },
    /** A tab, 注册 or 去登录 in the dialog; or the register saga, when its login did not go through. */
    viewChanged(state, action: PayloadAction<LoginDialogView>) {
      state.view = action.payload;
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
    selectLoginDialogView: (state) => state.view,
  },
});

export const { opened: loginDialogOpened, closed: loginDialogClosed, viewChanged: loginDialogViewChanged } = loginDialogSlice.actions;
export const { selectLoginDialogOpen, selectLoginDialogView } = loginDialogSlice.selectors;
