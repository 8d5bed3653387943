import { useLocation } from 'react-router-dom';
import { safeLinkHref } from '../../../../contract/links';
import { stripBasename } from '../../../app/basename';
import { Messages } from '../../../../contract/messages';
import { useAppSelector } from '../../../app/hooks';
import { selectSiteConfig } from '../../siteConfig/siteConfigSlice';

/** The first segment of a path of the app ('/user/logo/config' and '/logo/config' give 'logo'). */
const sectionOf = (pathname: string): string => stripBasename(pathname).split('/')[1] ?? '';

/** Whether `link` leads into the part of this site the visitor is in (an ad for the page they are on). */
function leadsHere(link: string, pathname: string): boolean {
  const href = safeLinkHref(link);
  if (!href) return false;
  const url = new URL(href, window.location.origin);
  const section = sectionOf(url.pathname);
  return url.origin === window.location.origin && section !== '' && section === sectionOf(pathname);
}

/** An ad image, a link only when the link is http(s) or relative. */
function Ad({ image, link, name }: { image: string; link: string; name: string }) {
  if (!image) return null;
  const picture = <img src={image} alt={name} style={{ maxWidth: '100%', maxHeight: 90 }} />;
  const href = safeLinkHref(link);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {picture}
    </a>
  ) : (
    picture
  );
}

function QqGroup({ label, number, link }: { label: string; number: string; link: string }) {
  if (!number) return null;
  const href = safeLinkHref(link);
  return (
    <span>
      {label}：{number}
      {href ? (
        <>
          {' '}
          <a href={href} target="_blank" rel="noopener noreferrer">
            加入
          </a>
        </>
      ) : null}
    </span>
  );
}

export default function PublicFooter() {
  const config = useAppSelector(selectSiteConfig);
  const { pathname } = useLocation();
  // No ad for the tool the visitor is already using (the logo maker's ad on the logo pages).
  const ads = [
    { image: config.ad1_url, link: config.ad1_link, name: '广告一' },
    { image: config.ad2_url, link: config.ad2_link, name: '广告二' },
  ].filter((ad) => !leadsHere(ad.link, pathname));
  return (
    <footer className="wpg-public-footer">
      <div style={{ display: 'flex', justifyContent: 'center', gap: 16, flexWrap: 'wrap', marginBottom: 12 }}>
        {ads.map((ad) => (
          <Ad key={ad.name} {...ad} />
        ))}
      </div>
      <div style={{ display: 'flex', justifyContent: 'center', gap: 24, flexWrap: 'wrap', marginBottom: 8 }}>
        <QqGroup label="意见反馈QQ群" number={config.qq1} link={config.qq1_link} />
        <QqGroup label="交流QQ群" number={config.qq3} link={config.qq3_link} />
        <QqGroup label="技术支持QQ群" number={config.qq4} link={config.qq4_link} />
      </div>
      <div>{config.copyright || `© ${new Date().getFullYear()} ${Messages.siteTitle}`}</div>
    </footer>
  );
}
