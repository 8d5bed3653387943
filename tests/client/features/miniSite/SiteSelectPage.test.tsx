import { act, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { templatePreviewFailed } from '../../../../src/client/features/catalog/catalogSlice';
import { PHONE_QUERY } from '../../../../src/client/features/layout/usePhoneLayout';
import { categoriesRequested, initialMiniSiteState, templatesFailed, templatesLoaded, templatesRequested } from '../../../../src/client/features/miniSite/miniSiteSlice';
import SiteSelectPage from '../../../../src/client/features/miniSite/pages/SiteSelectPage';
import { initialSelectionsState } from '../../../../src/client/features/selections/selectionsSlice';
import { GenerationMessages } from '../../../../src/contract/generation';
import { MiniSiteMessages } from '../../../../src/contract/miniSite';
import { renderWithProviders } from '../../renderWithProviders';
import { fastUser } from '../../fastTesting';
import { failEveryTryOnFakeTimers } from '../../retryingMedia';
import { logoTemplate } from '../generation/generationHarness';
import { categories, otherSite, site, siteTemplate } from './miniSiteHarness';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function withTemplates(items = [site, otherSite], overrides: Partial<RootState> = {}, total = items.length): Partial<RootState> {
  return {
    ...overrides,
    miniSite: { ...initialMiniSiteState, categories: { status: 'succeeded', items: categories }, templates: { status: 'succeeded', categoryId: 0, page: 1, total, items } },
  };
}

function renderPage(preloadedState: Partial<RootState> = withTemplates(), route = '/') {
  return renderWithProviders(null, {
    route,
    preloadedState,
    routes: [
      { path: '/', element: <SiteSelectPage /> },
      { path: '/miniSite/selectPage', element: <SiteSelectPage /> },
      { path: '*', element: <Where /> },
    ],
  });
}

/** The button of a template's card: 预览 (0) or 选择 (1). */
function cardButton(name: string, index: 0 | 1): HTMLButtonElement {
  const card = screen.getByAltText(name).closest<HTMLElement>('[data-testid^="template-"]');
  const found = card?.querySelectorAll('button')[index];
  if (!found) throw new Error(`No card for ${name}`);
  return found;
}

beforeEach(() => {
  // jsdom has no scrolling; paging scrolls back to the top.
  window.scrollTo = jest.fn();
});

describe('SiteSelectPage', () => {
  it('asks for the categories and the first page, and shows 全部, the categories and the cards', () => {
    const { store } = renderPage();
    expect(store.dispatch).toHaveBeenCalledWith(categoriesRequested());
    expect(store.dispatch).toHaveBeenCalledWith(templatesRequested({ categoryId: 0, page: 1 }));
    const bar = screen.getByRole('navigation', { name: '模版分类' });
    expect(Array.from(bar.querySelectorAll('button')).map((button) => button.textContent?.replace(/\s/g, ''))).toEqual(['全部', '仙侠', '三国']);
    expect(bar.querySelector('[aria-pressed="true"]')).toHaveTextContent(/全\s*部/);
    expect(screen.getByAltText(site.name)).toHaveAttribute('src', site.thumbnail);
    expect(screen.getByText(otherSite.name)).toBeInTheDocument();
  });

  it('a category asks for its first page', async () => {
    const { store } = renderPage();
    // antd spaces out a two-character button label.
    await fastUser().click(screen.getByText(/三\s*国/));
    expect(store.dispatch).toHaveBeenCalledWith(templatesRequested({ categoryId: 2, page: 1 }));
    expect(screen.getByText(/三\s*国/).closest('button')).toHaveAttribute('aria-pressed', 'true');
  });

  it('pages 12 at a time, with prev, pager and next', async () => {
    const twelve = Array.from({ length: 12 }, (_, index) => siteTemplate(index + 1));
    const { store } = renderPage(withTemplates(twelve, {}, 30));
    expect(screen.getAllByText(/^选\s*择$/)).toHaveLength(12);
    expect(screen.getByTitle('上一页')).toBeInTheDocument();
    expect(screen.getByTitle('3')).toBeInTheDocument();
    await fastUser().click(screen.getByTitle('下一页'));
    expect(store.dispatch).toHaveBeenCalledWith(templatesRequested({ categoryId: 0, page: 2 }));
    await fastUser().click(screen.getByTitle('3'));
    expect(store.dispatch).toHaveBeenCalledWith(templatesRequested({ categoryId: 0, page: 3 }));
  });

  it('shows 暂无模版数据 when the list is empty or did not load', () => {
    // No saga runs here: the page's own request leaves the list loading until an answer is dispatched.
    const { store } = renderPage(withTemplates([]));
    act(() => {
      store.dispatch(templatesLoaded({ categoryId: 0, page: 1, total: 0, items: [] }));
    });
    expect(screen.getByText(MiniSiteMessages.noTemplates)).toBeInTheDocument();
    act(() => {
      store.dispatch(templatesRequested({ categoryId: 1, page: 1 }));
      store.dispatch(templatesFailed());
    });
    expect(screen.getByText(MiniSiteMessages.noTemplates)).toBeInTheDocument();
  });

  it('labels the chosen template 已选择', () => {
    renderPage(withTemplates(undefined, { selections: { ...initialSelectionsState, siteTemplate: otherSite } }));
    expect(cardButton(otherSite.name, 1)).toHaveTextContent('已选择');
    expect(cardButton(site.name, 1)).toHaveTextContent(/^选\s*择$/);
  });

  it('选择 keeps the template and, with no logo style yet, goes to the logo list', async () => {
    const { store } = renderPage();
    await fastUser().click(cardButton(otherSite.name, 1));
    expect(store.getState().selections.siteTemplate).toEqual(otherSite);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/logo\/selectPage$/);
  });

  it('选择 with a logo style already chosen goes straight to the config page', async () => {
    renderPage(withTemplates(undefined, { selections: { ...initialSelectionsState, logoTemplates: { miniSite: logoTemplate } } }), '/miniSite/selectPage');
    await fastUser().click(cardButton(site.name, 1));
    expect(screen.getByTestId('where')).toHaveTextContent('/miniSite/config');
  });

  it('预览 opens the whole-page picture 100 ms after the click', async () => {
    jest.useFakeTimers();
    try {
      renderPage();
      fireEvent.click(cardButton(site.name, 0));
      act(() => {
        jest.advanceTimersByTime(99);
      });
      expect(screen.queryByAltText(`${site.name} 预览图`)).not.toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(1);
      });
      // The dialog's code loads on this first preview.
      expect(await screen.findByAltText(`${site.name} 预览图`)).toHaveAttribute('src', site.preview_image);
    } finally {
      jest.useRealTimers();
    }
  });

  it('选择 under the preview chooses the previewed template, as its card would', async () => {
    const { store } = renderPage();
    fireEvent.click(cardButton(otherSite.name, 0));
    const dialog = await screen.findByRole('dialog');
    await screen.findByAltText(`${otherSite.name} 预览图`);
    await fastUser().click(within(dialog).getByRole('button', { name: /^选\s*择$/ }));
    expect(store.getState().selections.siteTemplate).toEqual(otherSite);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/logo\/selectPage$/);
  });

  describe('on a phone-wide screen', () => {
    const desktopMatchMedia = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = (query: string) => ({ ...desktopMatchMedia(query), matches: query === PHONE_QUERY });
    });
    afterEach(() => {
      window.matchMedia = desktopMatchMedia;
    });

    it('预览 shows the phone picture at the width a phone shows the page, scrollable, with 选择 under it', async () => {
      const { store } = renderPage();
      fireEvent.click(cardButton(otherSite.name, 0));
      const dialog = await screen.findByRole('dialog');
      const picture = await within(dialog).findByAltText(`${otherSite.name} 预览图`);
      expect(picture).toHaveAttribute('src', otherSite.preview_image_phone);
      expect(picture).toHaveStyle({ width: '390px', maxWidth: '100%' });
      expect(within(dialog).getByTestId('page-preview-scroll')).toHaveStyle({ overflowY: 'auto' });
      await fastUser().click(within(dialog).getByRole('button', { name: /^选\s*择$/ }));
      expect(store.getState().selections.siteTemplate).toEqual(otherSite);
    });

    it('shows the desktop picture of a template kept from before phone pictures existed', async () => {
      const kept = siteTemplate(3, { preview_image_phone: undefined as unknown as string });
      renderPage(withTemplates([kept]));
      fireEvent.click(cardButton(kept.name, 0));
      expect(await screen.findByAltText(`${kept.name} 预览图`)).toHaveAttribute('src', kept.preview_image);
    });
  });

  it('预览 on a wide screen shows the desktop picture across the dialog', async () => {
    renderPage();
    fireEvent.click(cardButton(site.name, 0));
    const picture = await screen.findByAltText(`${site.name} 预览图`);
    expect(picture).toHaveAttribute('src', site.preview_image);
    expect(picture).toHaveStyle({ width: '100%' });
  });

  it('says so when the preview picture does not load after its last try', async () => {
    const { store } = renderPage();
    fireEvent.click(cardButton(site.name, 0));
    await screen.findByAltText(`${site.name} 预览图`);
    failEveryTryOnFakeTimers(() => screen.queryByAltText(`${site.name} 预览图`));
    expect(await screen.findByText(GenerationMessages.previewImageDialog)).toBeInTheDocument();
    expect(store.dispatch).toHaveBeenCalledWith(templatePreviewFailed({ media: 'image' }));
  });
});
