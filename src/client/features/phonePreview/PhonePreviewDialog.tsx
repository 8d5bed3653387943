import { Button, Modal, Spin } from 'antd';
import QrLink from '../../components/QrLink';
import { BuilderLimits } from '../../../contract/builder';
import { safeLinkHref } from '../../../contract/links';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { phonePreviewClosed, phonePreviewRequested, selectPhonePreview } from './phonePreviewSlice';

/** 'HH:mm' of a time, as the user's clock shows it. */
function clockTime(ms: number): string {
  const at = new Date(ms);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/**
 * 手机预览 (the builder and the mini-site preview): a QR code of a signed link to the saved site,
 * for a phone's camera, with the link itself (to copy, or to open on this device) and the time it
 * stops working.
 */
export default function PhonePreviewDialog() {
  const dispatch = useAppDispatch();
  const { target, status, link } = useAppSelector(selectPhonePreview);
  const href = link ? safeLinkHref(link.url) : null;
  return (
    <Modal open={target !== null} title="手机预览" footer={null} onCancel={() => dispatch(phonePreviewClosed())} width={360} centered destroyOnHidden>
      {status === 'loading' ? (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
          <Spin description="正在生成预览链接…" />
        </div>
      ) : status === 'failed' || !link || !href ? (
        <div style={{ display: 'grid', placeItems: 'center', gap: 12, minHeight: 160 }}>
          <p style={{ margin: 0 }}>预览链接生成失败</p>
          <Button onClick={() => target && dispatch(phonePreviewRequested(target))}>重试</Button>
        </div>
      ) : (
        <QrLink
          url={link.url}
          href={href}
          qrcode={link.qrcode}
          qrAlt="手机预览二维码"
          caption="用手机相机或微信扫码，打开网站预览"
          hint={`显示已保存的内容；链接 ${clockTime(link.expiresAt)} 前有效（${BuilderLimits.phonePreviewMinutes} 分钟），过期后重新打开即可`}
          openLabel="在新窗口打开"
        />
      )}
    </Modal>
  );
}
