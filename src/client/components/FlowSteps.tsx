import { CheckOutlined } from '@ant-design/icons';
import './flowSteps.css';

/** The steps of a generation flow, shown above its pages so that a visitor knows where they are. */
export const FLOW_STEPS = {
  logo: ['选择LOGO样式', '填写LOGO文字', '生成并下载'],
  banner: ['选择动画样式', '选择LOGO样式', '填写文字', '生成并下载'],
  miniSite: ['选择网站模版', '选择LOGO样式', '配置并生成网站', '预览并下载'],
} as const;

/**
 * Drawn here rather than with antd's Steps, which brings Tooltip and the popup engine (about 25 KiB
 * gzip) into the first load of every template list for its panel and inline variants.
 */
export default function FlowSteps({ flow, current }: { flow: keyof typeof FLOW_STEPS; current: number }) {
  return <StepList titles={FLOW_STEPS[flow]} current={current} label="步骤" />;
}

/** Numbered steps, those before `current` ticked: a flow's pages, or a generation's stages. */
export function StepList({ titles, current, label }: { titles: readonly string[]; current: number; label: string }) {
  return (
    <ol className="wpg-steps" aria-label={label}>
      {titles.map((title, index) => {
        const status = index < current ? 'done' : index === current ? 'current' : 'waiting';
        return (
          <li key={title} className={`wpg-step wpg-step--${status}`} aria-current={status === 'current' ? 'step' : undefined}>
            <span className="wpg-step-icon" aria-hidden="true">
              {status === 'done' ? <CheckOutlined /> : index + 1}
            </span>
            <span className="wpg-step-title">{title}</span>
          </li>
        );
      })}
    </ol>
  );
}
