import { lazy } from 'react';
import { useAppSelector } from '../../../app/hooks';
import MountOnce from '../../../components/MountOnce';
import { selectCaptcha } from '../captchaSlice';

// Its Modal (about 11 KiB gzip) is fetched when a captcha is first asked for: the login page
// without it stays under DESIGN.md section 10's route budget.
const CaptchaModal = lazy(() => import(/* webpackChunkName: "captcha-dialog" */ './CaptchaModal'));

/**
 * The graphic captcha dialog (spec screen 19). Each page that can need it renders one; nothing of
 * it is mounted or fetched until a saga first opens it.
 */
export function CaptchaDialog() {
  const open = useAppSelector((state) => selectCaptcha(state).status !== 'closed');
  return (
    <MountOnce wanted={open}>
      <CaptchaModal />
    </MountOnce>
  );
}
