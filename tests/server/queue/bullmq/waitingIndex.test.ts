/**
 * The distributed queue's waiting line in Redis: exact counts of the jobs ahead (running ones
 * included) through starts, ends and put-backs, the same from every connection, a job started by
 * one worker only, and exact places among 10,000 queued jobs.
 */
import { Redis } from 'ioredis';
import { WaitingIndex } from '../../../../src/server/queue/bullmq/waitingIndex';
import { deletePrefix, redisUrl, testPrefix } from '../../sharedState/testStates';

const available = !!redisUrl() || !!process.env.WPG_REQUIRE_TEST_SERVERS;

(available ? describe : describe.skip)('the waiting line in Redis', () => {
  let prefix: string;
  let connections: Redis[];
  let a: WaitingIndex;
  let b: WaitingIndex;

  beforeEach(() => {
    const url = redisUrl();
    if (!url) throw new Error('TEST_REDIS_URL is not set: start the test servers with config/scripts/testServers.sh start');
    prefix = testPrefix();
    connections = [new Redis(url), new Redis(url)];
    // Two API servers (or a server and a worker) over one Redis.
    a = new WaitingIndex(connections[0], prefix);
    b = new WaitingIndex(connections[1], prefix);
  });

  afterEach(async () => {
    await Promise.all(connections.map((connection) => connection.quit()));
    await deletePrefix(redisUrl() ?? '', prefix);
  });

  it('counts the jobs ahead in line order, running ones included, on every connection', async () => {
    for (const [n, id] of ['j1', 'j2', 'j3', 'j4'].entries()) await a.add(id, 10 + n);
    expect(await b.placeOf('j1')).toEqual({ state: 'waiting', ahead: 0 });
    expect(await b.placeOf('j4')).toEqual({ state: 'waiting', ahead: 3 });
    expect(await b.start('j1')).toBe(true);
    // Still three ahead of j4: j1 runs, j2 and j3 wait.
    expect(await a.placeOf('j4')).toEqual({ state: 'waiting', ahead: 3 });
    expect(await a.placeOf('j1')).toEqual({ state: 'running', ahead: 0 });
    await b.remove('j1');
    expect(await a.placeOf('j4')).toEqual({ state: 'waiting', ahead: 2 });
    expect(await a.placeOf('j1')).toEqual({ state: 'absent' });
    expect(await a.size()).toEqual({ waiting: 3, running: 0 });
  });

  it('keeps a job that is added again in its first place, and puts an interrupted one back in its own place', async () => {
    await a.add('j1', 1);
    await a.add('j2', 2);
    await a.add('j3', 3);
    await b.add('j1', 99);
    expect(await a.placeOf('j1')).toEqual({ state: 'waiting', ahead: 0 });
    expect(await a.start('j1')).toBe(true);
    await a.putBack('j1', 1);
    expect(await b.placeOf('j1')).toEqual({ state: 'waiting', ahead: 0 });
    expect(await b.placeOf('j3')).toEqual({ state: 'waiting', ahead: 2 });
    expect(await a.waitingIds(0, 10)).toEqual(['j1', 'j2', 'j3']);
  });

  it("tells every server a running render's stage (AI绘制中, then 视频合成中), and keeps none for a job that is not running", async () => {
    await a.add('j1', 1, { work: 'fsa\u00003+dashscope@x', owner: '7', polledAt: 0 });
    // Waiting: a stage said now would be a stray, and the job's entry is left as it was.
    await b.setStage('j1', 'painting');
    expect(await a.poll('j1', '7', 1_000, 60_000)).toMatchObject({ state: 'waiting' });
    expect(await a.start('j1')).toBe(true);
    expect(await a.poll('j1', '7', 2_000, 60_000)).toMatchObject({ state: 'running', stage: null });
    await b.setStage('j1', 'painting');
    expect(await a.poll('j1', '7', 3_000, 60_000)).toMatchObject({ state: 'running', stage: 'painting' });
    await b.setStage('j1', 'video');
    expect(await b.poll('j1', '7', 4_000, 60_000)).toMatchObject({ state: 'running', stage: 'video' });
    // Ended: nothing of it stays behind, whatever a late stage says.
    await a.remove('j1');
    await b.setStage('j1', 'video');
    expect(await connections[0].exists(`${prefix}renders:job:j1`)).toBe(0);
  });

  it('lets one worker start a job however many try at once', async () => {
    await a.add('j1', 1);
    const started = await Promise.all([a.start('j1'), b.start('j1'), a.start('j1'), b.start('j1')]);
    expect(started.filter(Boolean)).toHaveLength(1);
    expect(await a.size()).toEqual({ waiting: 0, running: 1 });
  });

  it('answers the place of any of 10,000 queued jobs exactly', async () => {
    const pipeline = connections[0].pipeline();
    for (let n = 0; n < 10_000; n += 1) pipeline.zadd(`${prefix}renders:waiting`, n, `job-${n}`);
    await pipeline.exec();
    await a.start('job-0');
    expect(await b.placeOf('job-9999')).toEqual({ state: 'waiting', ahead: 9999 });
    expect(await b.placeOf('job-5000')).toEqual({ state: 'waiting', ahead: 5000 });
  });
});
