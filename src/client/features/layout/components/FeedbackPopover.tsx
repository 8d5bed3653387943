import { Popover } from 'antd';
import type { ReactElement } from 'react';
import FeedbackJoin from './FeedbackJoin';

interface FeedbackPopoverProps {
  qrImage: string;
  link: string;
  /** Open at once: it is mounted by the hover that asked for it. */
  defaultOpen?: boolean;
  children: ReactElement;
}

/** The feedback group's QR code and join link, over the header item. */
export default function FeedbackPopover({ qrImage, link, defaultOpen, children }: FeedbackPopoverProps) {
  return (
    <Popover content={<FeedbackJoin qrImage={qrImage} link={link} />} title="扫码加入意见反馈QQ群" placement="bottom" defaultOpen={defaultOpen}>
      {children}
    </Popover>
  );
}
