import { Steps } from 'antd';

/** The steps of a generation flow, shown above its pages so that a visitor knows where they are. */
export const FLOW_STEPS = {
  logo: ['选择LOGO样式', '填写LOGO文字', '生成并下载'],
  banner: ['选择动画样式', '选择LOGO样式', '填写文字', '生成并下载'],
  miniSite: ['选择网站模版', '选择LOGO样式', '配置并生成网站', '预览并下载'],
} as const;

export default function FlowSteps({ flow, current }: { flow: keyof typeof FLOW_STEPS; current: number }) {
  return <Steps size="small" current={current} items={FLOW_STEPS[flow].map((title) => ({ title }))} style={{ marginBottom: 24 }} responsive />;
}
