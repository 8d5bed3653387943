import { Button, Modal, Progress } from 'antd';
import { GenerationMessages, queueQuestion } from '../../../../contract/generation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { bannerWaitingText } from '../builder.types';
import { selectBannerDialogOpen, selectBannerJob } from '../builderSelectors';
import { bannerCancelled, bannerQueueConfirmed, bannerQueueDeclined } from '../builderSlice';

/** The progress dialog's title once the banner and its logo are made (they are being put into the site). */
export const BANNER_DONE_TITLE = '首屏图片与LOGO已生成';

/**
 * Banner generation's two dialogs (spec section 4): the queue question, answered through an action
 * to the waiting saga, and the progress: linear to 95 % at the expected duration, 100 % when done,
 * closed 2 s later. 取消 stops the polling.
 */
export default function BannerDialogs() {
  const dispatch = useAppDispatch();
  const job = useAppSelector(selectBannerJob);
  const open = useAppSelector(selectBannerDialogOpen);
  const finishing = job.status === 'finishing';
  const title = finishing ? BANNER_DONE_TITLE : job.waitCount > 0 ? bannerWaitingText(job.waitCount) : GenerationMessages.generatingTitle;
  return (
    <>
      <Modal
        open={job.status === 'inquiring'}
        title={GenerationMessages.queueTitle}
        okText="确定"
        cancelText="取消"
        onOk={() => dispatch(bannerQueueConfirmed())}
        onCancel={() => dispatch(bannerQueueDeclined())}
        mask={{ closable: false }}
        centered
        width={420}
      >
        <p style={{ margin: 0 }}>{queueQuestion(job.waitCount)}</p>
      </Modal>
      <Modal
        open={open}
        title={title}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        centered
        width={440}
        footer={
          finishing ? null : (
            <Button onClick={() => dispatch(bannerCancelled())} aria-label="取消生成">
              取消
            </Button>
          )
        }
      >
        <div role="status" aria-live="polite">
          {/* A bar of its own once done: full at once, where the running bar's width would slide up from where it stood (1 % for a banner made at once). */}
          <Progress key={finishing ? 'done' : 'running'} percent={job.percent} status={finishing ? 'success' : 'active'} aria-label="banner生成进度" />
          <p style={{ margin: '12px 0 0', color: 'rgba(0, 0, 0, 0.65)' }}>
            {job.status === 'sending' ? '正在提交生成任务…' : finishing ? '正在放入网站，预览随后刷新。' : `预计需要约 ${job.durationSeconds} 秒。`}
          </p>
        </div>
      </Modal>
    </>
  );
}
