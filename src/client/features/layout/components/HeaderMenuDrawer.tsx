import { Drawer } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { selectSiteConfig } from '../../siteConfig/siteConfigSlice';
import FeedbackJoin from './FeedbackJoin';
import { activeNavOf, navLinkStyle, publicNavLinks } from './publicNav';

interface HeaderMenuDrawerProps {
  open: boolean;
  onClose(): void;
}

/**
 * The header's links and feedback group on narrow screens, where they do not fit in the header.
 * On a touch screen there is no hover, so the group's QR code and join link are shown outright.
 */
export default function HeaderMenuDrawer({ open, onClose }: HeaderMenuDrawerProps) {
  const { qq1, qq1_url: qrImage, qq1_link: link } = useAppSelector(selectSiteConfig);
  const { pathname, search } = useLocation();
  const active = activeNavOf(pathname, search);
  return (
    <Drawer open={open} onClose={onClose} placement="right" size={280} title="菜单" styles={{ body: { paddingTop: 8 } }}>
      <nav aria-label="菜单导航" className="wpg-menu-nav">
        {publicNavLinks.map((item) => (
          <Link key={item.key} to={item.to} aria-current={item.key === active ? 'page' : undefined} style={navLinkStyle(item.key === active)} onClick={onClose}>
            {item.label}
          </Link>
        ))}
      </nav>
      {qq1 ? (
        <section aria-label="意见反馈" className="wpg-menu-feedback">
          <p style={{ margin: '0 0 12px' }}>意见反馈QQ群：{qq1}</p>
          <FeedbackJoin qrImage={qrImage} link={link} />
        </section>
      ) : null}
    </Drawer>
  );
}
