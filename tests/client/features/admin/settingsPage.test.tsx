import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as adminSettingsApi from '../../../../src/client/api/adminSettingsApi';
import { BASENAME } from '../../../../src/client/app/basename';
import { SettingsMessages, type ConsoleSettings, type SettingsValues } from '../../../../src/contract/siteSettings';
import { openConsole } from './consoleKit';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/authApi');
jest.mock('../../../../src/client/api/operatorsApi');
jest.mock('../../../../src/client/api/adminSettingsApi');

const values: SettingsValues = {
  logoUrl: '/static/brand/logo.svg',
  copyright: '© 2026 网页生成系统 版权所有',
  qq1: '',
  qq1_link: '',
  qq1_url: '/static/brand/qq1-qrcode.png',
  qq3: '555666777',
  qq3_link: '',
  qq4: '',
  qq4_link: '',
  ad1_url: '/static/brand/ad1.svg',
  ad1_link: '/user/logo/selectPage?module=tl',
  ad2_url: '/static/brand/ad2.svg',
  ad2_link: '/user/banner/selectPage?module=fsa',
  tutorial1: '',
  tutorial2: '',
  tutorial3: '',
  tutorial4: '',
};
const settings = (changes: Partial<SettingsValues> = {}): ConsoleSettings => ({ values: { ...values, ...changes }, defaults: { ...values, qq3: '' }, atDefault: [] });

beforeEach(() => {
  jest.mocked(adminSettingsApi.getSettings).mockResolvedValue(settings());
});

function preview(): HTMLElement {
  return screen.getByTestId('settings-preview');
}

describe('站点设置', () => {
  it('shows every setting in its section, and the public header and footer as they are', async () => {
    openConsole('/admin/settings');
    expect(await screen.findByDisplayValue('© 2026 网页生成系统 版权所有')).toBeInTheDocument();
    for (const section of ['品牌', 'QQ群', '广告', '教程视频']) expect(screen.getByText(section)).toBeInTheDocument();
    expect(within(preview()).getByText('© 2026 网页生成系统 版权所有')).toBeInTheDocument();
    expect(within(preview()).getByText(/交流QQ群：555666777/)).toBeInTheDocument();
    expect(within(preview()).getByAltText('网站标志')).toHaveAttribute('src', '/static/brand/logo.svg');
    expect(screen.getByText('所有修改已保存')).toBeInTheDocument();
  });

  it('previews an edit at once, refuses a javascript: link by name, and saves only what changed', async () => {
    const user = userEvent.setup({ delay: null });
    const { services } = openConsole('/admin/settings');
    const copyright = await screen.findByDisplayValue('© 2026 网页生成系统 版权所有');
    fireEvent.change(copyright, { target: { value: '© 2026 我们的工作室' } });
    expect(within(preview()).getByText('© 2026 我们的工作室')).toBeInTheDocument();
    expect(screen.getByText('1 项未保存')).toBeInTheDocument();

    const link = screen.getByDisplayValue('/user/logo/selectPage?module=tl');
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    await user.click(screen.getByRole('button', { name: '保存并立即生效' }));
    expect(await screen.findByText('广告1 链接必须是 http(s) 链接或本站路径（以 / 开头）')).toBeInTheDocument();
    expect(adminSettingsApi.saveSettings).not.toHaveBeenCalled();

    fireEvent.change(link, { target: { value: '/user/banner/selectPage' } });
    jest.mocked(adminSettingsApi.saveSettings).mockResolvedValue(settings({ copyright: '© 2026 我们的工作室', ad1_link: '/user/banner/selectPage' }));
    await user.click(screen.getByRole('button', { name: '保存并立即生效' }));
    await waitFor(() => expect(adminSettingsApi.saveSettings).toHaveBeenCalledWith({ copyright: '© 2026 我们的工作室', ad1_link: '/user/banner/selectPage' }));
    await waitFor(() => expect(services.notify.success).toHaveBeenCalledWith(SettingsMessages.saved));
    expect(await screen.findByText('所有修改已保存')).toBeInTheDocument();
  });

  it('uploads a picture with its progress, and the preview shows it', async () => {
    let report: (percent: number) => void = () => {};
    let answer: (value: { url: string; width: number; height: number }) => void = () => {};
    jest.mocked(adminSettingsApi.uploadPicture).mockImplementation((_file, _name, onProgress) => {
      report = onProgress ?? (() => {});
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    openConsole('/admin/settings');
    await screen.findByDisplayValue('© 2026 网页生成系统 版权所有');
    const input = screen.getByTestId('upload-logoUrl').closest('.ant-upload')?.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(adminSettingsApi.uploadPicture).toHaveBeenCalled());
    report(40);
    expect(await screen.findByLabelText('正在上传 logo.png')).toBeInTheDocument();
    answer({ url: '/static/brand/uploads/0123456789abcdef0123456789abcdef.png', width: 64, height: 32 });
    await waitFor(() => expect(within(preview()).getByAltText('网站标志')).toHaveAttribute('src', '/static/brand/uploads/0123456789abcdef0123456789abcdef.png'));
    expect(screen.getByText('1 项未保存')).toBeInTheDocument();
  });

  it('asks before leaving with edits not saved, and stays when told to', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = openConsole('/admin/settings');
    const qq = await screen.findByDisplayValue('555666777');
    fireEvent.change(qq, { target: { value: '123' } });
    await user.click(screen.getAllByText('用户')[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('有未保存的修改')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /留\s?下/ }));
    expect(router.state.location.pathname).toBe(`${BASENAME}/admin/settings`);
    expect(screen.getByDisplayValue('123')).toBeInTheDocument();
  });
});
