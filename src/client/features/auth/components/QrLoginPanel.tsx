import { ReloadOutlined } from '@ant-design/icons';
import { Spin, Typography } from 'antd';
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

/** A link only this computer can open: a phone would look for the server on itself. */
export function isLocalOnly(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname.startsWith('127.') || hostname === '[::1]';
}

/**
 * The link the code encodes, with the local provider: opened or copied by hand where the code
 * cannot be scanned (a phone cannot open localhost; a phone already holding this page cannot scan).
 */
function ScanLink({ url }: { url: string }) {
  return (
    <div className="qr-login__link">
      <Typography.Text type="secondary">扫不了码？复制链接到手机浏览器打开：</Typography.Text>
      {/* Whole, wrapped anywhere: antd's ellipsis measured the link inside as nothing and showed only '...'. */}
      <Typography.Paragraph copyable={{ text: url, tooltips: ['复制链接', '已复制'] }} style={{ margin: 0, wordBreak: 'break-all' }}>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {url}
        </a>
      </Typography.Paragraph>
      {isLocalOnly(url) && <Typography.Text type="secondary">这是本机地址，手机打不开：可在本机打开它确认登录</Typography.Text>}
    </div>
  );
}

/**
 * The QR login pane of the login page and the login dialog. Mounting starts a QR session (the saga
 * polls every second for 120 s); unmounting stops it.
 */
export function QrLoginPanel({ place, redirect }: QrLoginPanelProps) {
  const dispatch = useAppDispatch();
  const { status, image, secondsLeft, scanUrl } = useAppSelector(selectQrLogin);

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
      {scanUrl && (status === 'waiting' || status === 'scanned') && <ScanLink url={scanUrl} />}
    </div>
  );
}
