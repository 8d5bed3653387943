import { lazy } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import MountOnce from '../components/MountOnce';
import { selectLoginDialogOpen } from '../features/auth/loginDialogSlice';
import { selectBindPhoneOpen } from '../features/bindPhone/bindPhoneSlice';
import { selectGenerationStatus } from '../features/generation/generationSlice';
import { useAppSelector } from './hooks';

// Its forms (antd Form, Input, Tabs) weigh more than a public page's first load: fetched on first open.
const LoginDialog = lazy(() => import(/* webpackChunkName: "login-dialog" */ '../features/auth/components/LoginDialog'));
// 绑定手机号 (个人中心, or 发布 for a WeChat account): fetched on first open.
const BindPhoneDialog = lazy(() => import(/* webpackChunkName: "bind-phone-dialog" */ '../features/bindPhone/components/BindPhoneDialog'));
// The loading and queue dialogs of a generation, likewise fetched when a generation first needs them.
const GenerationDialogs = lazy(() => import(/* webpackChunkName: "generation-dialogs" */ '../features/generation/components/GenerationDialogs'));

/** The root route's element: every page, plus the dialogs that any page may open. */
export default function RootShell() {
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
