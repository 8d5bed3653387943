/**
 * `describe` once per backend a test runs on (SQLite and PostgreSQL, memory and Redis, a folder and
 * a bucket), with a fresh instance for each test, closed after it. A backend whose server is not
 * there is skipped, unless the caller marked it required (then its tests fail).
 */
export interface TestBackend<T extends { close(): Promise<void> }, Name extends string> {
  name: Name;
  available: boolean;
  open(): Promise<T>;
}

export function describeEach<T extends { close(): Promise<void> }, Name extends string>(title: string, backends: Array<TestBackend<T, Name>>, body: (current: () => T, name: Name) => void): void {
  for (const backend of backends) {
    (backend.available ? describe : describe.skip)(`${title} (${backend.name})`, () => {
      let current: T | null = null;
      beforeEach(async () => {
        current = await backend.open();
      });
      afterEach(async () => {
        await current?.close();
        current = null;
      });
      body(() => {
        if (!current) throw new Error(`No ${backend.name} outside a test`);
        return current;
      }, backend.name);
    });
  }
}
