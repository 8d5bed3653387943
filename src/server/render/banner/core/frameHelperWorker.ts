/**
 * Entry of a frame helper thread (frameHelper.ts): builds the same frame renderer as the render
 * it helps, then draws the frames asked for, in the order asked, and hands their pixels back.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { BANNER_STYLE_DEFS } from '../styles';
import type { HelperReply, HelperRequest, HelperScene } from './frameHelper';
import { createFrameRenderer, decodeKeyArt, decodeLogo, type FrameRenderer } from './video';

async function build(scene: HelperScene): Promise<FrameRenderer> {
  const def = BANNER_STYLE_DEFS[scene.styleKey];
  if (!def) throw new Error(`Unknown banner style ${scene.styleKey}`);
  const logo = await decodeLogo(Buffer.from(scene.logoPng));
  const keyArt = scene.keyArt ? await decodeKeyArt(Buffer.from(scene.keyArt), scene.size) : undefined;
  return createFrameRenderer(def, logo, scene.texts, scene.size, keyArt);
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  // No priority of its own: Linux gives a new thread its creator's nice value, so the helper runs as
  // low as the render thread it helps (threadPriority.ts), and as high when a benchmark draws on its main thread.

  // Chained: frames are drawn one after another in the order asked, after their renderer is built.
  // A scene that could not be built is null: its render was told, and its frames are not drawn.
  const renders = new Map<number, Promise<FrameRenderer | null>>();
  const reply = (message: HelperReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  port.on('message', (request: HelperRequest) => {
    const { renderId } = request;
    if (request.type === 'start') {
      renders.set(
        renderId,
        build(request.scene).catch((error: unknown) => {
          reply({ type: 'failed', renderId, message: `the frame helper could not build the scene: ${error instanceof Error ? error.message : String(error)}` });
          return null;
        }),
      );
      return;
    }
    if (request.type === 'end') {
      renders.delete(renderId);
      return;
    }
    const renderer = renders.get(renderId);
    if (!renderer) return;
    renders.set(
      renderId,
      renderer.then((ready) => {
        // The render may have ended (aborted) while this frame waited its turn.
        if (!ready || !renders.has(renderId)) return ready;
        try {
          ready.draw(request.frame);
          const pixels = new Uint8Array(ready.canvas.data());
          reply({ type: 'frame', renderId, frame: request.frame, pixels }, [pixels.buffer as ArrayBuffer]);
        } catch (error) {
          reply({ type: 'failed', renderId, message: `the frame helper could not draw frame ${request.frame}: ${error instanceof Error ? error.message : String(error)}` });
          return null;
        }
        return ready;
      }),
    );
  });
}
