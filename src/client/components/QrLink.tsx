import { Typography } from 'antd';
import type { ReactNode } from 'react';

interface QrLinkProps {
  url: string;
  /** The link made safe for an href (safeLinkHref). */
  href: string;
  /** The QR code of `url`, a data URL. */
  qrcode: string;
  qrAlt: string;
  /** What to do with it, said under the code. */
  caption: string;
  /** How long or how the link stays, in small type. */
  hint: ReactNode;
  openLabel: string;
}

/** A link a phone takes from the screen: its QR code, what it is, the link to copy, and a way to open it here. */
export default function QrLink({ url, href, qrcode, qrAlt, caption, hint, openLabel }: QrLinkProps) {
  return (
    <div style={{ textAlign: 'center' }}>
      <img src={qrcode} alt={qrAlt} width={200} height={200} style={{ display: 'block', margin: '0 auto 12px' }} />
      <p style={{ margin: '0 0 8px' }}>{caption}</p>
      <p style={{ margin: '0 0 12px', fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>{hint}</p>
      <Typography.Paragraph copyable={{ text: url, tooltips: ['复制链接', '已复制'] }} ellipsis style={{ marginBottom: 8, fontSize: 12 }}>
        {url}
      </Typography.Paragraph>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {openLabel}
      </a>
    </div>
  );
}
