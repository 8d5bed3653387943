import { ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { Messages } from '../../../../contract/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { LoginPlace } from '../auth.types';
import { qrLoginStarted, qrLoginStopped, selectQrLogin, type QrLoginStatus } from '../qrLoginSlice';
import { wechatAuthorizeUrl, wechatLoginConfigured } from '../wechatBrowser';
import './auth.css';

interface QrLoginPanelProps {
  place: LoginPlace;
  /** Where to go after: the login page's `redirect` query, or the page behind the dialog. */
  redirect?: string;
  /** Inside WeChat's browser with wechat-mp: 微信一键登录 instead of a code it cannot scan. */
  wechatOneClick?: boolean;
  /** Shown when no code can be had (WeChat down): switches to the account form's phone logins. */
  onUsePhone?: () => void;
}

/**
 * 微信一键登录: leaves for WeChat's web authorization, which comes back to the login page logged
 * in and goes on to `redirect`. A plain link: the whole page goes, as WeChat's flow needs.
 */
export function WechatOneClick({ redirect }: { redirect?: string }) {
  return (
    <div className="qr-login qr-login--wechat">
      <WechatOutlined className="qr-login__wechat-mark" aria-hidden />
      <p className="qr-login__hint">{Messages.wechatOneClickHint}</p>
      <Button type="primary" size="large" block className="qr-login__wechat-button" href={wechatAuthorizeUrl(redirect)} icon={<WechatOutlined />}>
        {Messages.wechatOneClick}
      </Button>
    </div>
  );
}

/** The line under the code; expired and failed codes say it on their mask instead. */
function hintOf(status: QrLoginStatus, secondsLeft: number, scanner: '微信' | '手机'): string | null {
  if (status === 'waiting') return `请使用${scanner}扫描二维码登录，${secondsLeft} 秒后过期`;
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
export function QrLoginPanel({ wechatOneClick = false, ...props }: QrLoginPanelProps) {
  // No code at all in WeChat's browser: nothing to fetch, nothing to poll.
  return wechatOneClick ? <WechatOneClick redirect={props.redirect} /> : <QrCodePane {...props} />;
}

function QrCodePane({ place, redirect, onUsePhone }: Omit<QrLoginPanelProps, 'wechatOneClick'>) {
  const dispatch = useAppDispatch();
  const { status, image, secondsLeft, scanUrl, failure } = useAppSelector(selectQrLogin);

  const start = useCallback(() => {
    dispatch(qrLoginStarted({ host: window.location.host, place, redirect }));
  }, [dispatch, place, redirect]);

  useEffect(() => {
    start();
    return () => {
      dispatch(qrLoginStopped());
    };
  }, [start, dispatch]);

  // A WeChat service account's code opens only in WeChat's scanner: say which app to scan with.
  const scanner = useMemo(() => (wechatLoginConfigured() ? '微信' : '手机'), []);
  const hint = hintOf(status, secondsLeft, scanner);
  const refreshText = status === 'expired' ? Messages.qrExpiredClickToRefresh : status === 'failed' ? (failure ?? Messages.qrFetchFailed) : null;

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
      {status === 'failed' && failure && onUsePhone && (
        <Button type="link" onClick={onUsePhone}>
          使用手机号登录
        </Button>
      )}
      {scanUrl && (status === 'waiting' || status === 'scanned') && <ScanLink url={scanUrl} />}
    </div>
  );
}
