import { Modal, Progress } from 'antd';
import { StepList } from '../../../components/FlowSteps';
import { GENERATION_STAGE_LABELS, type GenerationStage } from '../../../../contract/generation';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import {
  selectExpectedSeconds,
  selectGenerationKind,
  selectGenerationPaints,
  selectGenerationStage,
  selectGenerationStatus,
  selectLoadingTitle,
  selectProgressPercent,
  selectWaitCount,
} from '../generationSlice';

/**
 * A banner's stages as the dialog lists them: painting only when the job paints its key art.
 * A logo is made in one go and shows none.
 */
function BannerStages({ stage, paints }: { stage: GenerationStage; paints: boolean }) {
  const stages: GenerationStage[] = paints ? ['queued', 'painting', 'rendering'] : ['queued', 'rendering'];
  const current = Math.max(0, stages.indexOf(stage));
  return (
    <div data-testid="generation-stage" data-stage={stage} style={{ marginBottom: 16 }}>
      <StepList titles={stages.map((item) => GENERATION_STAGE_LABELS[item])} current={current} label="生成阶段" />
      <p style={{ margin: '8px 0 0', fontWeight: 500 }} aria-live="polite">{`当前阶段：${GENERATION_STAGE_LABELS[stage]}`}</p>
    </div>
  );
}

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
  const kind = useAppSelector(selectGenerationKind);
  const stage = useAppSelector(selectGenerationStage);
  const paints = useAppSelector(selectGenerationPaints);
  const open = status === 'loading';
  const now = useNow(open);
  const percent = useAppSelector((state) => selectProgressPercent(state, now));

  return (
    <Modal open={open} title={title} footer={null} closable={false} mask={{ closable: false }} keyboard={false} centered width={420}>
      <div role="status" aria-live="polite">
        {kind === 'banner' && stage ? <BannerStages stage={stage} paints={paints} /> : null}
        <Progress percent={percent} status="active" />
        <p style={{ margin: '12px 0 0', color: 'rgba(0, 0, 0, 0.65)' }}>
          {waitCount > 0 ? '正在排队，轮到您时将自动开始生成。' : '正在生成，请稍候。'}预计需要约 {Math.max(1, Math.ceil(expectedSeconds))} 秒。
        </p>
      </div>
    </Modal>
  );
}
