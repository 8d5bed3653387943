import { safeLinkHref } from '../../../../contract/links';
import { Messages } from '../../../../contract/messages';
import { useAppSelector } from '../../../app/hooks';
import { selectSiteConfig } from '../../siteConfig/siteConfigSlice';

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
  return (
    <footer className="wpg-public-footer">
      <div style={{ display: 'flex', justifyContent: 'center', gap: 16, flexWrap: 'wrap', marginBottom: 12 }}>
        <Ad image={config.ad1_url} link={config.ad1_link} name="广告一" />
        <Ad image={config.ad2_url} link={config.ad2_link} name="广告二" />
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
