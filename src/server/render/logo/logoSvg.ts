/**
 * logo.svg: the logo's parts, built with every layer recording its drawing as vectors
 * (vectorRecording.ts), stacked and written as one SVG cut to the same frame as logo.png.
 */
import { stack, type LogoParts } from './compose';
import { recordingVectors, type Layer } from './surface';
import { trimLayer, trimMargin } from './trim';
import { recordingOf } from './vectorRecording';
import { svgDocument } from './vectorSvg';

export interface LogoSvg {
  svg: string;
  /** The raster drawn alongside, trimmed: the very logo.png. */
  logo: Layer;
}

/** `parts` must have been built inside recordingVectors. */
export function logoSvg(parts: LogoParts, title: string): LogoSvg {
  const whole = recordingVectors(() => stack(parts));
  const recording = recordingOf(whole.canvas);
  if (!recording) throw new Error('the logo was drawn without recording');
  const logo = trimLayer(whole, trimMargin);
  const view = {
    x: Math.round((logo.box.x - whole.box.x) * parts.scale),
    y: Math.round((logo.box.y - whole.box.y) * parts.scale),
    width: logo.canvas.width,
    height: logo.canvas.height,
  };
  return { svg: svgDocument(recording.snapshot(), view, title), logo };
}
