import Database from 'better-sqlite3';
import { withStatementCache } from '../../../src/server/db/statementCache';

describe('the SQLite statement cache', () => {
  const db = new Database(':memory:');
  afterAll(() => db.close());

  it('compiles each query once and answers it as often as asked', () => {
    const prepare = jest.spyOn(db, 'prepare');
    const cached = withStatementCache(db);
    const first = cached.prepare('SELECT ? AS n');
    expect(cached.prepare('SELECT ? AS n')).toBe(first);
    expect(first.all([1])).toEqual([{ n: 1 }]);
    expect(cached.prepare('SELECT ? AS n').all([2])).toEqual([{ n: 2 }]);
    expect(prepare).toHaveBeenCalledTimes(1);
    prepare.mockRestore();
  });

  it('lets the least recently used statement go past its bound', () => {
    const prepare = jest.spyOn(db, 'prepare');
    const cached = withStatementCache(db, 2);
    cached.prepare('SELECT 1');
    cached.prepare('SELECT 2');
    cached.prepare('SELECT 1');
    cached.prepare('SELECT 3');
    expect(prepare).toHaveBeenCalledTimes(3);
    // 'SELECT 1' was used after 'SELECT 2', so 'SELECT 2' went.
    cached.prepare('SELECT 1');
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.prepare('SELECT 2');
    expect(prepare).toHaveBeenCalledTimes(4);
    prepare.mockRestore();
  });
});
