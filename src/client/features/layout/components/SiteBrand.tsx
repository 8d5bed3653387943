import { Link } from 'react-router-dom';
import { Messages } from '../../../../contract/messages';
import { useAppSelector } from '../../../app/hooks';
import { selectSiteConfig } from '../../siteConfig/siteConfigSlice';

/** The site logo (from the site config, when there is one) and the product name, linking home. */
export default function SiteBrand({ color = 'inherit' }: { color?: string }) {
  const { logoUrl } = useAppSelector(selectSiteConfig);
  return (
    // The classes let the public header drop the name on narrow screens when a logo picture shows.
    <Link
      to="/"
      className={logoUrl ? 'wpg-brand wpg-brand--logo' : 'wpg-brand'}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color, fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap', textDecoration: 'none' }}
    >
      {logoUrl ? <img src={logoUrl} alt="网站标志" style={{ height: 32 }} /> : null}
      <span className="wpg-brand-name">{Messages.siteTitle}</span>
    </Link>
  );
}
