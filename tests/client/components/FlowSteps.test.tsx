import { render, screen, within } from '@testing-library/react';
import FlowSteps from '../../../src/client/components/FlowSteps';

describe('FlowSteps', () => {
  it("lists the flow's steps in order", () => {
    render(<FlowSteps flow="banner" current={0} />);
    const steps = within(screen.getByRole('list', { name: '步骤' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1选择动画样式', '2选择LOGO样式', '3填写文字', '4生成并下载']);
  });

  it('marks the current step, ticks the ones before it and numbers the ones after', () => {
    render(<FlowSteps flow="miniSite" current={2} />);
    const steps = within(screen.getByRole('list', { name: '步骤' })).getAllByRole('listitem');
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1);
    expect(steps.map((step) => step.className.replace('wpg-step wpg-step--', ''))).toEqual(['done', 'done', 'current', 'waiting']);
    expect(steps[0].textContent).toBe('选择网站模版');
    expect(steps[3].textContent).toBe('4预览并下载');
  });
});
