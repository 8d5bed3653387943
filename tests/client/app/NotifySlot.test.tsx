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
});
