import { ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useCallback, useEffect } from 'react';
import { Messages } from '../../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { LoginPlace } from '../auth.types';
import { qrLoginStarted, qrLoginStopped, selectQrLogin, type QrLoginStatus } from '../qrLoginSlice';
import './auth.css';

interface QrLoginPanelProps {
  place: LoginPlace;
  /** The login page's `redirect` query. */
  redirect?: string;
}

/** The line under the code; expired and failed codes say it on their mask instead. */
function hintOf(status: QrLoginStatus, secondsLeft: number): string | null {
  if (status === 'waiting') return `请使用手机扫描二维码登录，${secondsLeft} 秒后过期`;
  // The mask over the code already says it was scanned.
  if (status === 'scanned') return `二维码 ${secondsLeft} 秒后过期`;
  if (status === 'confirmed') return Messages.qrConfirmed;
  if (status === 'expired' || status === 'failed') return null;
  return '正在获取二维码…';
}

/**
 * The QR login pane of the login page and the login dialog. Mounting starts a QR session (the saga
 * polls every second for 120 s); unmounting stops it.
 */
export function QrLoginPanel({ place, redirect }: QrLoginPanelProps) {
  const dispatch = useAppDispatch();
  const { status, image, secondsLeft } = useAppSelector(selectQrLogin);

  const start = useCallback(() => {
    dispatch(qrLoginStarted({ host: window.location.host, place, redirect }));
  }, [dispatch, place, redirect]);

  useEffect(() => {
    start();
    return () => {
      dispatch(qrLoginStopped());
    };
  }, [start, dispatch]);

  const hint = hintOf(status, secondsLeft);
  const refreshText = status === 'expired' ? Messages.qrExpiredClickToRefresh : status === 'failed' ? Messages.qrFetchFailed : null;

  return (
    <div className="qr-login">
      <div className="qr-login__frame">
        {image && <img className="qr-login__image" src={image} alt="登录二维码" />}
        {status === 'loading' && <Spin />}
        {status === 'scanned' && <div className="qr-login__mask">{Messages.qrScannedConfirmOnPhone}</div>}
        {refreshText && (
          <button type="button" className="qr-login__mask" onClick={start}>
            <ReloadOutlined style={{ fontSize: 24 }} />
            {refreshText}
          </button>
        )}
      </div>
      {hint && <p className="qr-login__hint">{hint}</p>}
    </div>
  );
}
