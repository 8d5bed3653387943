import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectSiteConfig } from '../../siteConfig/siteConfigSlice';

// antd's Popover brings Tooltip and, through it, Form: loaded when the visitor first points at the item.
const FeedbackPopover = lazy(() => import(/* webpackChunkName: "feedback-popover" */ './FeedbackPopover'));

/** The header's feedback QQ group: its number, with the scan-to-join QR code and a join link on hover. */
export default function FeedbackGroup() {
  const { qq1, qq1_url: qrImage, qq1_link: link } = useAppSelector(selectSiteConfig);
  const [wanted, setWanted] = useState(false);
  if (!qq1) return null;
  const label = <span style={{ cursor: 'pointer' }}>意见反馈QQ群：{qq1}</span>;
  if (!wanted) {
    return (
      <span tabIndex={0} onMouseEnter={() => setWanted(true)} onFocus={() => setWanted(true)}>
        {label}
      </span>
    );
  }
  return (
    <Suspense fallback={label}>
      <FeedbackPopover qrImage={qrImage} link={link} defaultOpen>
        {label}
      </FeedbackPopover>
    </Suspense>
  );
}
