/**
 * A held render stands still (queue/backgroundRenderHold.ts, render/renderPause.ts): each ffmpeg of this
 * thread, running or started during the hold, is stopped until it is released, and then ends as it
 * would have; its steps wait for the release.
 */
import { runFfmpeg, runningFfmpegPids, startRawVideoEncoder } from '../../../src/server/render/ffmpeg';
import { holdThisThread, untilReleased } from '../../../src/server/render/renderPause';
import { waitUntil } from '../waitUntil';
import { processState } from './processState';

jest.setTimeout(30_000);

afterEach(() => holdThisThread(false));

/** A second of test pattern encoded to nothing: real work for ffmpeg, no file. */
const ONE_SECOND = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-t', '1', '-f', 'null', '-'];

describe('a render thread\'s hold', () => {
  it('keeps the steps waiting for its release', async () => {
    await expect(untilReleased()).resolves.toBeUndefined();
    holdThisThread(true);
    let released = false;
    const waiting = untilReleased().then(() => (released = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toBe(false);
    holdThisThread(false);
    await waiting;
    expect(released).toBe(true);
  });

  it('stops an ffmpeg started during a hold until it is released, and it then ends well', async () => {
    holdThisThread(true);
    const done = runFfmpeg(ONE_SECOND, 'encode a test pattern');
    const [pid] = runningFfmpegPids();
    expect(pid).toEqual(expect.any(Number));
    await waitUntil(() => processState(pid) === 'T');
    let ended = false;
    void done.then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ended).toBe(false);
    expect(processState(pid)).toBe('T');
    holdThisThread(false);
    await expect(done).resolves.toBeUndefined();
    expect(runningFfmpegPids()).toEqual([]);
  });

  it('stops a running encoder: frames written meanwhile wait for it', async () => {
    const sink = startRawVideoEncoder({ width: 64, height: 64, fps: 25, outputArgs: ['-f', 'null', '-'] });
    const [pid] = runningFfmpegPids();
    const frame = Buffer.alloc(64 * 64 * 4, 128);
    await sink.write(frame);
    holdThisThread(true);
    await waitUntil(() => processState(pid) === 'T');
    // More frames than the pipe holds: the writes cannot all be taken while ffmpeg is stopped.
    let taken = 0;
    const writes = Array.from({ length: 200 }, () => sink.write(frame).then(() => (taken += 1)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(taken).toBeLessThan(200);
    holdThisThread(false);
    await Promise.all(writes);
    await expect(sink.finish()).resolves.toBeUndefined();
  });

  it('kills a held encoder at once', async () => {
    const sink = startRawVideoEncoder({ width: 64, height: 64, fps: 25, outputArgs: ['-f', 'null', '-'] });
    const [pid] = runningFfmpegPids();
    holdThisThread(true);
    await waitUntil(() => processState(pid) === 'T');
    sink.kill();
    await expect(sink.finish()).rejects.toThrow('SIGKILL');
    expect(runningFfmpegPids()).toEqual([]);
  });
});
