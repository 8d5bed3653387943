import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LightButton from '../../../src/client/components/LightButton';

describe('LightButton', () => {
  it('is a plain button (not a submit) that reports clicks', async () => {
    const onClick = jest.fn();
    render(<LightButton onClick={onClick}>保存设置</LightButton>);
    const button = screen.getByRole('button', { name: '保存设置' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.setup({ delay: null }).click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('spaces out a two-character Chinese label as antd does, but not beside an icon', () => {
    render(
      <>
        <LightButton>登录</LightButton>
        <LightButton icon={<i data-testid="icon" />}>预览</LightButton>
      </>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['登 录', '预览']);
    expect(screen.getByTestId('icon')).toBeInTheDocument();
  });

  it('takes the variant, size and shape as classes, and an accessible name for an icon alone', () => {
    render(<LightButton variant="text" size="small" shape="round" icon={<i />} aria-label="菜单" className="extra" />);
    expect(screen.getByRole('button', { name: '菜单' })).toHaveClass('wpg-btn', 'wpg-btn-text', 'wpg-btn-sm', 'wpg-btn-round', 'wpg-btn-icon-only', 'extra');
  });

  it('passes aria-pressed and disabled through', () => {
    render(
      <LightButton aria-pressed disabled>
        全部
      </LightButton>,
    );
    const button = screen.getByRole('button', { name: '全 部' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toBeDisabled();
  });
});
