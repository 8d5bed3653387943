import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './lightButton.css';

export interface LightButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** antd's `type`: the filled primary, the bordered default, or borderless text. */
  variant?: 'primary' | 'default' | 'text';
  size?: 'small' | 'middle';
  shape?: 'default' | 'round';
  icon?: ReactNode;
  /** The HTML button type (antd's `htmlType`). */
  htmlType?: 'button' | 'submit' | 'reset';
}

const twoChineseCharacters = /^[\u4E00-\u9FA5]{2}$/;

/**
 * A button drawn like antd's Button by CSS alone, for the public pages' first load: antd's Button
 * brings its style engine hooks, the click wave, motion and Space.Compact (about 20 KiB gzip) to
 * every page that shows one. It has no loading state or wave; where those are wanted, use antd's.
 * Like antd, it spaces out a label of exactly two Chinese characters ("登 录").
 */
export default function LightButton({ variant = 'default', size = 'middle', shape = 'default', icon, htmlType = 'button', className, children, ...rest }: LightButtonProps) {
  const classes = ['wpg-btn', `wpg-btn-${variant}`, size === 'small' ? 'wpg-btn-sm' : '', shape === 'round' ? 'wpg-btn-round' : '', icon && !children ? 'wpg-btn-icon-only' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const label = !icon && typeof children === 'string' && twoChineseCharacters.test(children) ? children.split('').join(' ') : children;
  return (
    <button type={htmlType} className={classes} {...rest}>
      {icon ? <span className="wpg-btn-icon">{icon}</span> : null}
      {label !== undefined && label !== null && label !== '' ? <span>{label}</span> : null}
    </button>
  );
}
