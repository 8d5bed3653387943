import { act, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { catalogPageFailed, catalogPageRequested, templatePreviewFailed } from '../../../../src/client/features/catalog/catalogSlice';
import { failEveryTryOnFakeTimers } from '../../retryingMedia';
import LogoSelectPage from '../../../../src/client/features/logo/pages/LogoSelectPage';
import { GenerationMessages } from '../../../../src/contract/generation';
import { renderWithProviders } from '../../renderWithProviders';
import { stateWith } from '../../sagaHarness';
import { fastUser } from '../../fastTesting';
import { logoTemplate, otherLogoTemplate } from '../generation/generationHarness';
import { initialSelectionsState } from '../../../../src/client/features/selections/selectionsSlice';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function withLogos(items = [logoTemplate, otherLogoTemplate], overrides: Partial<RootState> = {}): Partial<RootState> {
  const base = stateWith();
  return { ...overrides, catalog: { ...base.catalog, logo: { status: 'succeeded', page: 1, total: items.length, items } } };
}

function renderPage(route: string, preloadedState: Partial<RootState> = withLogos()) {
  return renderWithProviders(null, {
    route,
    preloadedState,
    routes: [
      { path: '/logo/selectPage', element: <LogoSelectPage /> },
      { path: '*', element: <Where /> },
    ],
  });
}

/** The 选择 button of a style's card. */
function chooseButton(name: string): HTMLButtonElement {
  const card = screen.getByAltText(name).closest<HTMLElement>('[data-testid^="template-"]');
  const found = card?.querySelectorAll('button')[1];
  if (!found) throw new Error(`No card for ${name}`);
  return found;
}

describe('LogoSelectPage', () => {
  it('asks for the page it shows, and shows each style with its thumbnail and name', () => {
    const { store } = renderPage('/logo/selectPage?module=tl');
    expect(store.dispatch).toHaveBeenCalledWith(catalogPageRequested({ catalog: 'logo', page: 1 }));
    expect(screen.getByAltText(logoTemplate.name)).toHaveAttribute('src', logoTemplate.thumbnail);
    expect(screen.getByText(otherLogoTemplate.name)).toBeInTheDocument();
    expect(screen.getAllByText(/^选\s*择$/)).toHaveLength(2);
  });

  it.each([
    ['tl', 'alone', '/logo/config?module=tl'],
    ['al', 'alone', '/logo/config?module=al'],
    ['fsa', 'fsa', '/banner/config?module=fsa'],
    ['', 'miniSite', '/miniSite/config'],
  ] as const)('module %p: 选择 keeps the choice for %s and goes to %s', async (module, flow, path) => {
    const { store, router } = renderPage(`/logo/selectPage${module ? `?module=${module}` : ''}`);
    await fastUser().click(chooseButton(otherLogoTemplate.name));
    expect(store.getState().selections.logoTemplates[flow]).toEqual(otherLogoTemplate);
    expect(screen.getByTestId('where')).toHaveTextContent(path);
    expect(`${router?.state.location.pathname}${router?.state.location.search}`).toBe(path);
  });

  it('labels the chosen style 已选择', () => {
    const chosen = withLogos(undefined, { selections: { ...initialSelectionsState, logoTemplates: { alone: logoTemplate } } });
    renderPage('/logo/selectPage?module=tl', chosen);
    expect(screen.getAllByText('已选择')).toHaveLength(1);
    expect(chooseButton(logoTemplate.name)).toHaveTextContent('已选择');
    expect(chooseButton(otherLogoTemplate.name)).toHaveTextContent(/^选\s*择$/);
  });

  it('previews the large picture 100 ms after the click', async () => {
    jest.useFakeTimers();
    try {
      renderPage('/logo/selectPage?module=tl');
      fireEvent.click(screen.getAllByText(/^预\s*览$/)[0]);
      expect(screen.queryByAltText(`${logoTemplate.name} 预览图`)).not.toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(100);
      });
      // The dialog's code loads on the first preview (LazyMediaPreviewDialog).
      expect(await screen.findByAltText(`${logoTemplate.name} 预览图`)).toHaveAttribute('src', logoTemplate.preview_image1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says so when the preview picture does not load after its last try', async () => {
    const { store } = renderPage('/logo/selectPage?module=tl');
    fireEvent.click(screen.getAllByText(/^预\s*览$/)[0]);
    await screen.findByAltText(`${logoTemplate.name} 预览图`);
    failEveryTryOnFakeTimers(() => screen.queryByAltText(`${logoTemplate.name} 预览图`));
    expect(await screen.findByText(GenerationMessages.previewImageDialog)).toBeInTheDocument();
    expect(store.dispatch).toHaveBeenCalledWith(templatePreviewFailed({ media: 'image' }));
  });

  it('shows an empty state when the list is empty or did not load', () => {
    const { store } = renderPage('/logo/selectPage?module=tl', withLogos([]));
    act(() => {
      store.dispatch(catalogPageFailed({ catalog: 'logo' }));
    });
    expect(screen.getByText('暂无模板数据')).toBeInTheDocument();
  });
});
