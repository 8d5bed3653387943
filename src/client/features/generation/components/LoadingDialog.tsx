import { Modal, Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectExpectedSeconds, selectGenerationStatus, selectLoadingTitle, selectStartedAt, selectWaitCount } from '../generationSlice';

/** The bar stops short of the end until the result is there (spec section 4: 95 percent). */
export const PROGRESS_CAP = 95;

/** How far the bar is after `elapsedMs` of an expected `expectedSeconds`. */
export function progressPercent(elapsedMs: number, expectedSeconds: number): number {
  if (expectedSeconds <= 0 || elapsedMs <= 0) return 0;
  return Math.min(PROGRESS_CAP, Math.floor((elapsedMs / (expectedSeconds * 1000)) * PROGRESS_CAP));
}

/** Re-renders every half second while `running`, for the bar. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 500);
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
  const startedAt = useAppSelector(selectStartedAt);
  const expectedSeconds = useAppSelector(selectExpectedSeconds);
  const open = status === 'loading';
  const now = useNow(open);
  const percent = startedAt === null ? 0 : progressPercent(now - startedAt, expectedSeconds);

  return (
    <Modal open={open} title={title} footer={null} closable={false} mask={{ closable: false }} keyboard={false} centered width={420}>
      <div role="status" aria-live="polite">
        <Progress percent={percent} status="active" />
        <p style={{ margin: '12px 0 0', color: 'rgba(0, 0, 0, 0.65)' }}>
          {waitCount > 0 ? '正在排队，轮到您时将自动开始生成。' : '正在生成，请稍候。'}预计需要约 {expectedSeconds} 秒。
        </p>
      </div>
    </Modal>
  );
}
