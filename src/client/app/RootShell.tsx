import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { selectLoginDialogOpen } from '../features/auth/loginDialogSlice';
import { useAppSelector } from './hooks';

// Its forms (antd Form, Input, Tabs) weigh more than a public page's first load: fetched on first open.
const LoginDialog = lazy(() => import(/* webpackChunkName: "login-dialog" */ '../features/auth/components/LoginDialog'));

/** Mounts the one login dialog the first time a page opens it, and keeps it mounted after. */
function LoginDialogSlot() {
  const open = useAppSelector(selectLoginDialogOpen);
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  );
}

/** The root route's element: every page, plus the login dialog that any page may open. */
export default function RootShell() {
  return (
    <>
      <Outlet />
      <LoginDialogSlot />
    </>
  );
}
