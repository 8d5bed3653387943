/** The order side renders wait in: demand before background, and a brand kit (which a zip waits for) ahead of other demands, in both queue modes. */
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../../src/contract/generation';
import { RENDER_PRIORITY, galleryPriorityOf } from '../../../src/server/queue/bullmq/renderJobs';
import { GalleryLane } from '../../../src/server/queue/embedded/galleryLane';
import type { SideJobSpec } from '../../../src/server/render/jobSpec';

const kit: SideJobSpec = { kind: 'brand-kit', logoStyle: 1, texts: DEFAULT_LOGO_TEXTS };
const picture: SideJobSpec = { kind: 'catalog-logo', styleId: 1 };
const phoneCut: SideJobSpec = {
  kind: 'banner-cuts',
  jobId: 'ab'.repeat(16),
  banner: { kind: 'fsa', logoStyle: 1, bannerStyle: 1, texts: DEFAULT_LOGO_TEXTS, bannerTexts: DEFAULT_BANNER_TEXTS },
};

function drained(lane: GalleryLane): string[] {
  const keys: string[] = [];
  for (let task = lane.next(); task; task = lane.next()) keys.push(task.key);
  return keys;
}

describe('the embedded gallery lane', () => {
  it('runs a brand kit asked for ahead of the other demands, kits in their order, background last', () => {
    const lane = new GalleryLane();
    lane.request('picture-1', picture, 'demand');
    lane.request('idle', picture, 'background');
    lane.request('cut', phoneCut, 'demand');
    lane.request('kit-1', kit, 'demand');
    lane.request('picture-2', picture, 'demand');
    lane.request('kit-2', kit, 'demand');
    expect(drained(lane)).toEqual(['kit-1', 'kit-2', 'picture-1', 'cut', 'picture-2', 'idle']);
  });

  it('moves a kit waiting in idle time ahead of the demands once a zip asks for it', () => {
    const lane = new GalleryLane();
    lane.request('kit', kit, 'background');
    lane.request('picture', picture, 'demand');
    lane.request('cut', phoneCut, 'background');
    lane.request('kit', kit, 'demand');
    expect(drained(lane)).toEqual(['kit', 'picture', 'cut']);
  });
});

describe('the BullMQ priorities of side renders', () => {
  it('puts users first, then a kit asked for, then other demands, then idle work', () => {
    expect([galleryPriorityOf(kit, 'demand'), galleryPriorityOf(picture, 'demand'), galleryPriorityOf(phoneCut, 'demand')]).toEqual([RENDER_PRIORITY.galleryFirst, RENDER_PRIORITY.galleryDemand, RENDER_PRIORITY.galleryDemand]);
    expect([kit, picture, phoneCut].map((spec) => galleryPriorityOf(spec, 'background'))).toEqual([RENDER_PRIORITY.galleryBackground, RENDER_PRIORITY.galleryBackground, RENDER_PRIORITY.galleryBackground]);
    expect(RENDER_PRIORITY.user < RENDER_PRIORITY.galleryFirst && RENDER_PRIORITY.galleryFirst < RENDER_PRIORITY.galleryDemand && RENDER_PRIORITY.galleryDemand < RENDER_PRIORITY.galleryBackground).toBe(true);
  });
});
