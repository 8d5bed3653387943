import { render, screen } from '@testing-library/react';
import NativeSelect from '../../../src/client/components/NativeSelect';
import { fastUser } from '../fastTesting';

const options = [
  { value: '', label: '不使用背景音乐' },
  { value: 'music-1', label: '山河' },
  { value: 'music-2', label: '长风' },
];

describe('NativeSelect', () => {
  it('shows the chosen option and hands over another one chosen', async () => {
    const onChange = jest.fn();
    render(<NativeSelect aria-label="背景音乐" value="music-1" options={options} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: '背景音乐' });
    expect(select).toHaveDisplayValue('山河');
    await fastUser().selectOptions(select, '长风');
    expect(onChange).toHaveBeenCalledWith('music-2');
  });

  it('is reached by Tab and named by the label that points at its id', async () => {
    render(
      <>
        <label htmlFor="bgm">背景音乐</label>
        <NativeSelect id="bgm" value="" options={options} onChange={jest.fn()} loading />
      </>,
    );
    await fastUser().tab();
    const select = screen.getByRole('combobox', { name: '背景音乐' });
    expect(select).toHaveFocus();
    expect(select).toHaveDisplayValue('不使用背景音乐');
    expect(select).toHaveAttribute('aria-busy', 'true');
  });
});
