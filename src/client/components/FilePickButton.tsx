import { Button, type ButtonProps } from 'antd';
import { useRef } from 'react';

interface FilePickButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** What the file chooser offers (extensions and MIME types). */
  accept: string;
  onPick(file: File): void;
}

/**
 * A button that opens the file chooser and hands over the file picked. antd's Upload (about 11 KiB
 * gzip) would only hide the same file input behind the same button: what happens to the file
 * (checks, progress) is the caller's.
 */
export default function FilePickButton({ accept, onPick, disabled, children, ...button }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied so that the same file, picked again (after fixing it), is handed over again.
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
      <Button {...button} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}
