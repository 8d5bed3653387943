/** Style ids (the catalogue in ../styles.ts) to drawings (one per LOGO_STYLES key). */
import { LOGO_STYLES, logoStyleById } from '../styles';
import { LOGO_STYLE_DRAWINGS } from './styles';
import type { LogoStyle } from './types';

export function drawingForKey(key: string): LogoStyle | undefined {
  return Object.prototype.hasOwnProperty.call(LOGO_STYLE_DRAWINGS, key) ? LOGO_STYLE_DRAWINGS[key] : undefined;
}

export function hasLogoStyle(id: number): boolean {
  const info = logoStyleById(id);
  return info !== undefined && drawingForKey(info.key) !== undefined;
}

export function styleById(id: number): { key: string; style: LogoStyle } {
  const info = logoStyleById(id);
  const style = info ? drawingForKey(info.key) : undefined;
  if (!info || !style) throw new Error(`Unknown logo style id: ${String(id)}`);
  return { key: info.key, style };
}

/** Catalogue keys with no drawing: empty when every style can be rendered. */
export function missingDrawings(): string[] {
  return LOGO_STYLES.filter((info) => drawingForKey(info.key) === undefined).map((info) => info.key);
}
