import { Modal } from 'antd';
import { GenerationMessages, queueQuestion } from '../../../../contract/generation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { queueConfirmed, queueDeclined, selectGenerationStatus, selectWaitCount } from '../generationSlice';

/** The queue question (spec section 8): its answer goes to the waiting generation saga as an action. */
export default function QueueConfirmDialog() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectGenerationStatus);
  const waitCount = useAppSelector(selectWaitCount);
  return (
    <Modal
      open={status === 'inquiring'}
      title={GenerationMessages.queueTitle}
      okText="确定"
      cancelText="取消"
      onOk={() => dispatch(queueConfirmed())}
      onCancel={() => dispatch(queueDeclined())}
      mask={{ closable: false }}
      centered
      width={420}
    >
      <p style={{ margin: 0 }}>{queueQuestion(waitCount)}</p>
    </Modal>
  );
}
