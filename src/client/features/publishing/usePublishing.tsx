import { Popconfirm } from 'antd';
import type { ReactElement } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { publishKey, publishRequested, selectPublishing, unpublishRequested, type PublishTarget } from './publishingSlice';

/** 发布 and 下线 of one site, and whether one of them is under way for it (its buttons spin). */
export function usePublishing(target: PublishTarget): { busy: boolean; publish: () => void; unpublish: () => void } {
  const dispatch = useAppDispatch();
  const { busyKey } = useAppSelector(selectPublishing);
  return {
    busy: busyKey === publishKey(target),
    publish: () => dispatch(publishRequested(target)),
    unpublish: () => dispatch(unpublishRequested(target)),
  };
}

/** 下线 asks first: the link stops working for everyone who has it. */
export function UnpublishConfirm({ onConfirm, children }: { onConfirm: () => void; children: ReactElement }) {
  return (
    <Popconfirm title="下线这个网站？" description="下线后链接将无法访问。" okText="下线" cancelText="取消" onConfirm={onConfirm}>
      {children}
    </Popconfirm>
  );
}
