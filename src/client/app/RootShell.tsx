import { lazy, useState, type ComponentType } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import MountOnce from '../components/MountOnce';
import { selectLoginDialogOpen } from '../features/auth/loginDialogSlice';
import { selectBindPhoneOpen } from '../features/bindPhone/bindPhoneSlice';
import { selectGenerationStatus } from '../features/generation/generationSlice';
import { useAppSelector, useAppStore } from './hooks';
import { lazyWithFeature, type StartFeature } from './lazyFeatures';

// The loading and queue dialogs of a generation, fetched when a generation first needs them.
const GenerationDialogs = lazy(() => import(/* webpackChunkName: "generation-dialogs" */ '../features/generation/components/GenerationDialogs'));

/**
 * A dialog with account forms (login, SMS codes, QR): fetched on first open, with the forms' sagas,
 * which start before it shows (its QR pane asks for a code as it mounts).
 */
function withAuthForms(startFeature: StartFeature, load: () => Promise<{ default: ComponentType }>) {
  return lazyWithFeature(startFeature, load, () => import(/* webpackChunkName: "auth-sagas" */ '../features/auth/feature').then((module) => module.authFormsFeature));
}

/** The root route's element: every page, plus the dialogs that any page may open. */
export default function RootShell() {
  const { startFeature } = useAppStore();
  // Made once, with the store's startFeature. 登录's forms (antd Form, Input, Tabs) weigh more than a
  // public page's first load; 绑定手机号 opens from 个人中心 or 发布 for a WeChat account.
  const [{ LoginDialog, BindPhoneDialog }] = useState(() => ({
    LoginDialog: withAuthForms(startFeature, () => import(/* webpackChunkName: "login-dialog" */ '../features/auth/components/LoginDialog')),
    BindPhoneDialog: withAuthForms(startFeature, () => import(/* webpackChunkName: "bind-phone-dialog" */ '../features/bindPhone/components/BindPhoneDialog')),
  }));
  const loginOpen = useAppSelector(selectLoginDialogOpen);
  const generationStatus = useAppSelector(selectGenerationStatus);
  const bindPhoneOpen = useAppSelector(selectBindPhoneOpen);
  return (
    <>
      {/* A new page opens at its top (a phone kept the config page's scroll on the result page); back restores. */}
      <ScrollRestoration />
      <Outlet />
      <MountOnce wanted={loginOpen}>
        <LoginDialog />
      </MountOnce>
      <MountOnce wanted={bindPhoneOpen}>
        <BindPhoneDialog />
      </MountOnce>
      <MountOnce wanted={generationStatus === 'loading' || generationStatus === 'inquiring'}>
        <GenerationDialogs />
      </MountOnce>
    </>
  );
}
