import { Button, Tag, Tooltip, Typography } from 'antd';
import type { PublishedPageTakedown } from '../../../contract/builder';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { publishKey, reviewRequested, selectPublishing, type PublishTarget } from './publishingSlice';

/**
 * A published site an operator took down (内容审核): 已下线 and why, and 申请复审 once its owner
 * has changed it; the page stays down until an operator restores it.
 */
export default function TakenDownActions({ target, takedown, compact = false }: { target: PublishTarget; takedown: PublishedPageTakedown; compact?: boolean }) {
  const dispatch = useAppDispatch();
  const { busyKey } = useAppSelector(selectPublishing);
  const reason = `下线原因：${takedown.reason}`;
  return (
    <>
      <Tooltip title={reason}>
        <Tag color="red">已下线</Tag>
      </Tooltip>
      {compact ? null : <Typography.Text type="danger">{reason}</Typography.Text>}
      <Button
        type={compact ? 'link' : 'default'}
        size={compact ? 'small' : 'middle'}
        disabled={takedown.reviewRequested}
        loading={busyKey === publishKey(target)}
        onClick={() => dispatch(reviewRequested({ target, slug: takedown.slug }))}
      >
        {takedown.reviewRequested ? '已申请复审' : '申请复审'}
      </Button>
    </>
  );
}
