import { fireEvent, render, screen } from '@testing-library/react';
import FilePickButton from '../../../src/client/components/FilePickButton';

describe('FilePickButton', () => {
  it('opens the chooser from the button and hands over each file picked, the same one again too', () => {
    const onPick = jest.fn();
    const { container } = render(
      <FilePickButton accept="image/png" onPick={onPick}>
        上传图片
      </FilePickButton>,
    );
    const input = container.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/png');
    const opened = jest.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: '上传图片' }));
    expect(opened).toHaveBeenCalledTimes(1);
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onPick.mock.calls).toEqual([[file], [file]]);
    expect(input.value).toBe('');
  });

  it('is disabled with its input while told so', () => {
    const { container } = render(
      <FilePickButton accept="image/png" onPick={jest.fn()} disabled>
        上传图片
      </FilePickButton>,
    );
    expect(screen.getByRole('button', { name: '上传图片' })).toBeDisabled();
    expect(container.querySelector('input[type=file]')).toBeDisabled();
  });
});
