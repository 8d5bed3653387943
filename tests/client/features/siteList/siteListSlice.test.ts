import { loggedIn, sessionEnded } from '../../../../src/client/features/auth/authSlice';
import { siteDeleted } from '../../../../src/client/features/siteList/siteEvents';
import { selectSiteListLoading, selectSiteRecord, selectSiteRows } from '../../../../src/client/features/siteList/siteListSelectors';
import {
  deleteFailed,
  deleteStarted,
  downloadFinished,
  downloadStarted,
  initialSiteListState,
  listFailed,
  listLoaded,
  pageChanged,
  pageOpened,
  searchSubmitted,
  siteListSlice,
  type SiteListState,
} from '../../../../src/client/features/siteList/siteListSlice';
import { BuilderLimits } from '../../../../src/contract/builder';
import { stateWith } from '../../sagaHarness';
import { completedSite, editingSite, unknownSite } from './siteListHarness';

const reduce = siteListSlice.reducer;

function listState(overrides: Partial<SiteListState> = {}): SiteListState {
  return { ...initialSiteListState, ...overrides };
}

describe('siteListSlice', () => {
  it('starts at page 1 with the default page size and no filter', () => {
    expect(initialSiteListState.query).toEqual({ page: 1, page_size: BuilderLimits.siteListDefaultPageSize, name: '' });
    expect(initialSiteListState.query.page_size).toBe(10);
  });

  it('page enter loads the query as it stands', () => {
    const state = reduce(listState({ query: { page: 3, page_size: 20, name: 'a' } }), pageOpened());
    expect(state.status).toBe('loading');
    expect(state.query).toEqual({ page: 3, page_size: 20, name: 'a' });
  });

  it('a search trims the name and goes back to page 1, keeping the size', () => {
    const state = reduce(listState({ query: { page: 4, page_size: 50, name: '' } }), searchSubmitted({ name: ' 仙侠 ' }));
    expect(state.query).toEqual({ page: 1, page_size: 50, name: '仙侠' });
  });

  it('another page keeps the size; another size starts from page 1', () => {
    const paged = reduce(listState({ query: { page: 1, page_size: 10, name: 'x' } }), pageChanged({ page: 3, page_size: 10 }));
    expect(paged.query).toEqual({ page: 3, page_size: 10, name: 'x' });
    const resized = reduce(paged, pageChanged({ page: 3, page_size: 50 }));
    expect(resized.query).toEqual({ page: 1, page_size: 50, name: 'x' });
  });

  it('a size the list does not offer becomes the default, and a page below 1 becomes 1', () => {
    const state = reduce(listState({ query: { page: 2, page_size: 20, name: '' } }), pageChanged({ page: 2, page_size: 7 }));
    expect(state.query.page_size).toBe(10);
    expect(reduce(listState(), pageChanged({ page: 0, page_size: 10 })).query.page).toBe(1);
  });

  it('keeps the loaded page; a failure empties it', () => {
    const loaded = reduce(listState({ status: 'loading' }), listLoaded({ items: [editingSite], total: 31 }));
    expect(loaded).toMatchObject({ status: 'succeeded', items: [editingSite], total: 31 });
    expect(reduce(loaded, listFailed())).toMatchObject({ status: 'failed', items: [], total: 0 });
  });

  it('remembers which site is downloading', () => {
    const started = reduce(listState(), downloadStarted({ id: 8 }));
    expect(started.downloadingId).toBe(8);
    expect(reduce(started, downloadFinished()).downloadingId).toBeNull();
  });

  it('remembers which site is being deleted; a deleted one leaves the page and the total at once', () => {
    const started = reduce(listState({ items: [editingSite, completedSite], total: 12 }), deleteStarted({ id: editingSite.id }));
    expect(started.deletingId).toBe(editingSite.id);
    expect(reduce(started, deleteFailed())).toMatchObject({ deletingId: null, items: [editingSite, completedSite], total: 12 });
    expect(reduce(started, siteDeleted({ id: editingSite.id }))).toMatchObject({ deletingId: null, items: [completedSite], total: 11 });
    // A site no longer on the page changes nothing of it.
    expect(reduce(started, siteDeleted({ id: 999 }))).toMatchObject({ items: [editingSite, completedSite], total: 12 });
  });

  it("forgets an account's sites and search when the session ends or another logs in", () => {
    const used = listState({ query: { page: 2, page_size: 20, name: '仙侠' }, items: [editingSite], total: 21, status: 'succeeded' });
    expect(reduce(used, sessionEnded())).toEqual(initialSiteListState);
    const user = { id: 2, name: 'b', mobile: '', openid: '' };
    expect(reduce(used, loggedIn({ token: 't', userInfo: user, remember: true }))).toEqual(initialSiteListState);
  });
});

describe('siteList selectors', () => {
  const state = stateWith({ siteList: listState({ items: [editingSite, completedSite, unknownSite], status: 'succeeded', total: 3 }) });

  it('labels each status and lets only completed sites download', () => {
    expect(selectSiteRows(state).map((row) => [row.id, row.statusLabel, row.downloadable])).toEqual([
      [editingSite.id, '编辑中', false],
      [completedSite.id, '已完成', true],
      [unknownSite.id, '未知', false],
    ]);
  });

  it('gives the same rows for the same list', () => {
    expect(selectSiteRows(state)).toBe(selectSiteRows(state));
  });

  it('finds a record of the page, and says when the list is loading', () => {
    expect(selectSiteRecord(state, completedSite.id)).toEqual(completedSite);
    expect(selectSiteRecord(state, 999)).toBeUndefined();
    expect(selectSiteListLoading(state)).toBe(false);
    expect(selectSiteListLoading(stateWith({ siteList: listState({ status: 'loading' }) }))).toBe(true);
  });
});
