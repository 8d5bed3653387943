import { Popover } from 'antd';
import type { ReactElement } from 'react';
import { safeLinkHref } from '../../../../contract/links';

interface FeedbackPopoverProps {
  qrImage: string;
  link: string;
  /** Open at once: it is mounted by the hover that asked for it. */
  defaultOpen?: boolean;
  children: ReactElement;
}

/** The scan-to-join QR image of the feedback group and a join link (only an http(s) or relative one). */
export default function FeedbackPopover({ qrImage, link, defaultOpen, children }: FeedbackPopoverProps) {
  const href = safeLinkHref(link);
  const content = (
    <div style={{ textAlign: 'center' }}>
      {qrImage ? <img src={qrImage} alt="扫码加入QQ群" style={{ width: 160, height: 160, display: 'block', margin: '0 auto 8px' }} /> : null}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          点击加入QQ群
        </a>
      ) : null}
    </div>
  );
  return (
    <Popover content={content} title="扫码加入意见反馈QQ群" placement="bottom" defaultOpen={defaultOpen}>
      {children}
    </Popover>
  );
}
