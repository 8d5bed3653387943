import { Modal, Typography } from 'antd';
import { safeLinkHref } from '../../../contract/links';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { publishedDialogClosed, selectPublishing } from './publishingSlice';

/** The way the link changes, said under it. */
const LINK_HINT = {
  builder: '链接保持不变：修改后重新生成并下载，再点“更新发布”即可更新',
  miniSite: '链接长期有效，直到你将网站下线',
} as const;

/** After 发布 / 更新发布: the site's link, its QR code for a phone, and the way to open it. */
export default function PublishedDialog() {
  const dispatch = useAppDispatch();
  const { shown } = useAppSelector(selectPublishing);
  const href = shown ? safeLinkHref(shown.url) : null;
  return (
    <Modal open={shown !== null} title={shown?.kind === 'miniSite' ? '网站已发布' : `已发布 · ${shown?.siteName || '未命名网站'}`} footer={null} onCancel={() => dispatch(publishedDialogClosed())} width={360} centered destroyOnHidden>
      {shown && href ? (
        <div style={{ textAlign: 'center' }}>
          <img src={shown.qrcode} alt="网站二维码" width={200} height={200} style={{ display: 'block', margin: '0 auto 12px' }} />
          <p style={{ margin: '0 0 8px' }}>网站已上线，扫码或分享链接即可访问</p>
          <p style={{ margin: '0 0 12px', fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>{LINK_HINT[shown.kind]}</p>
          <Typography.Paragraph copyable={{ text: shown.url, tooltips: ['复制链接', '已复制'] }} ellipsis style={{ marginBottom: 8, fontSize: 12 }}>
            {shown.url}
          </Typography.Paragraph>
          <a href={href} target="_blank" rel="noopener noreferrer">
            打开网站
          </a>
        </div>
      ) : null}
    </Modal>
  );
}
