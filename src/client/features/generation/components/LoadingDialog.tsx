import { Modal, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectExpectedSeconds, selectGenerationStatus, selectLoadingTitle, selectProgressPercent, selectWaitCount } from '../generationSlice';

/** How often the bar is redrawn: often enough that a logo's fraction of a second shows movement. */
const BAR_REDRAW_MS = 200;

/** Re-renders every BAR_REDRAW_MS while `running`, for the bar. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), BAR_REDRAW_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * Spec screen 20: shown while a generation is created, queued and polled. Not closable: leaving
 * the page is how a user gives up, and that stops the polling too.
 */
export default function LoadingDialog() {
  const status = useAppSelector(selectGenerationStatus);
  const title = useAppSelector(selectLoadingTitle);
  const waitCount = useAppSelector(selectWaitCount);
  const expectedSeconds = useAppSelector(selectExpectedSeconds);
  const open = status === 'loading';
  const now = useNow(open);
  const percent = useAppSelector((state) => selectProgressPercent(state, now));

  return (
    <Modal open={open} title={title} footer={null} closable={false} mask={{ closable: false }} keyboard={false} centered width={420}>
      <div role="status" aria-live="polite">
        <Progress percent={percent} status="active" />
        <p style={{ margin: '12px 0 0', color: 'rgba(0, 0, 0, 0.65)' }}>
          {waitCount > 0 ? '正在排队，轮到您时将自动开始生成。' : '正在生成，请稍候。'}预计需要约 {Math.max(1, Math.ceil(expectedSeconds))} 秒。
        </p>
      </div>
    </Modal>
  );
}
