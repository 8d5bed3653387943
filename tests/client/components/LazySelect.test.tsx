import { render, screen, waitFor } from '@testing-library/react';
import LazySelect from '../../../src/client/components/LazySelect';
import { fastUser } from '../fastTesting';

const options = [
  { value: '', label: '不使用背景音乐' },
  { value: 'music-1', label: '山河' },
  { value: 'music-2', label: '长风' },
];

describe('LazySelect', () => {
  it('shows the chosen option closed, then opens antd\'s Select on a click and hands over the choice', async () => {
    const onChange = jest.fn();
    const { container } = render(<LazySelect aria-label="背景音乐" value="music-1" options={options} onChange={onChange} />);
    const closed = screen.getByRole('combobox', { name: '背景音乐' });
    expect(closed).toHaveTextContent('山河');
    expect(container.querySelector('.ant-select')).toBeNull();
    await fastUser().click(closed);
    // The real one, open on its list.
    const choice = await screen.findByTitle('长风');
    expect(container.querySelector('.ant-select')).not.toBeNull();
    await fastUser().click(choice);
    expect(onChange).toHaveBeenCalledWith('music-2');
  });

  it('hands the focus to the real Select when reached by Tab', async () => {
    const { container } = render(<LazySelect aria-label="背景音乐" value="" options={options} onChange={jest.fn()} />);
    expect(screen.getByRole('combobox', { name: '背景音乐' })).toHaveTextContent('不使用背景音乐');
    await fastUser().tab();
    await waitFor(() => expect(container.querySelector('.ant-select')).not.toBeNull());
    await waitFor(() => expect(container.querySelector('.ant-select input')).toHaveFocus());
  });
});
