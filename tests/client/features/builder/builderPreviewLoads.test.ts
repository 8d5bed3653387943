/**
 * The builder's preview loads its page again when what the page shows changed at the same
 * address (the site's 预约 settings were saved, and the preview carries the block), for the site
 * on screen only.
 */
import { builderSlice, initialBuilderState, siteLoaded } from '../../../../src/client/features/builder/builderSlice';
import { sitePreviewChanged } from '../../../../src/client/features/siteList/siteEvents';
import { site } from './builderHarness';

const reduce = builderSlice.reducer;

it('counts a change of the preview of the site on screen, and of no other', () => {
  const open = reduce(initialBuilderState, siteLoaded(site({ id: 9 })));
  expect(open.previewLoads).toBe(0);
  const changed = reduce(open, sitePreviewChanged({ builderId: 9 }));
  expect(changed.previewLoads).toBe(1);
  expect(changed.site).toBe(open.site);
  expect(reduce(changed, sitePreviewChanged({ builderId: 10 })).previewLoads).toBe(1);
  expect(reduce(changed, sitePreviewChanged({ miniSiteDir: 'a'.repeat(32) })).previewLoads).toBe(1);
  expect(reduce(initialBuilderState, sitePreviewChanged({ builderId: 9 })).previewLoads).toBe(0);
});
