import { act, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import NotifySlot from '../../../src/client/app/NotifySlot';
import { appServices } from '../../../src/client/app/servicesImpl';

describe('NotifySlot', () => {
  it('loads the message bridge with the first notice and shows it, then the next ones', async () => {
    const { container } = render(
      <ConfigProvider>
        <NotifySlot />
      </ConfigProvider>,
    );
    expect(container).toBeEmptyDOMElement();
    act(() => appServices.notify.error('网络连接失败，请检查网络'));
    expect(await screen.findByText('网络连接失败，请检查网络')).toBeInTheDocument();
    act(() => appServices.notify.warning('排队中'));
    expect(await screen.findByText('排队中')).toBeInTheDocument();
  });

  it('shows a keyed notice in the place of the one before with that key, and stacks the others', async () => {
    render(
      <ConfigProvider>
        <NotifySlot />
      </ConfigProvider>,
    );
    act(() => appServices.notify.success('验证码已发送', 'account'));
    expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
    act(() => appServices.notify.success('注册成功，已为你登录', 'account'));
    expect(await screen.findByText('注册成功，已为你登录')).toBeInTheDocument();
    expect(screen.queryByText('验证码已发送')).not.toBeInTheDocument();
    act(() => appServices.notify.info('另一件事'));
    expect(await screen.findByText('另一件事')).toBeInTheDocument();
    expect(screen.getByText('注册成功，已为你登录')).toBeInTheDocument();
  });
});

