import type { Services } from '../../src/client/app/services';

/** Services whose every function is a jest mock, for sagas (saga context) and components (makeStore). */
export interface FakeServices extends Services {
  navigate: jest.Mock;
  back: jest.Mock;
  now: jest.Mock<number, []>;
  currentLocation: jest.Mock<{ pathname: string; search: string }, []>;
  download: jest.Mock<void, [string, string]>;
  saveFile: jest.Mock<void, [Blob, string]>;
  prepareNotices: jest.Mock<void, []>;
  notify: { success: jest.Mock; info: jest.Mock; warning: jest.Mock; error: jest.Mock };
}

export function makeFakeServices(location: { pathname: string; search: string } = { pathname: '/', search: '' }): FakeServices {
  return {
    navigate: jest.fn(),
    back: jest.fn(),
    now: jest.fn(() => 1_700_000_000_000),
    currentLocation: jest.fn(() => location),
    download: jest.fn(),
    saveFile: jest.fn(),
    prepareNotices: jest.fn(),
    notify: { success: jest.fn(), info: jest.fn(), warning: jest.fn(), error: jest.fn() },
  };
}
