import { Modal } from 'antd';
import { Link } from 'react-router-dom';
import QrLink from '../../components/QrLink';
import { publishedSlugOf, siteStatsPath } from '../../../contract/analytics';
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
  const slug = shown ? publishedSlugOf(shown.url) : '';
  const close = () => dispatch(publishedDialogClosed());
  return (
    <Modal open={shown !== null} title={shown?.kind === 'miniSite' ? '网站已发布' : `已发布 · ${shown?.siteName || '未命名网站'}`} footer={null} onCancel={close} width={360} centered destroyOnHidden>
      {shown && href ? (
        <QrLink url={shown.url} href={href} qrcode={shown.qrcode} qrAlt="网站二维码" caption="网站已上线，扫码或分享链接即可访问" hint={LINK_HINT[shown.kind]} openLabel="打开网站" />
      ) : null}
      {shown && href && slug ? (
        // Posters and shares each want their own code, so that 数据 can tell which one brought players.
        <p style={{ margin: '12px 0 0', textAlign: 'center', fontSize: 12 }}>
          <Link to={siteStatsPath(slug)} onClick={close}>
            按渠道生成二维码（微信、QQ、海报…）
          </Link>
        </p>
      ) : null}
    </Modal>
  );
}
