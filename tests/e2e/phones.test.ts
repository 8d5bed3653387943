import fs from 'node:fs';
import path from 'node:path';

/**
 * The browser tests share one server: a phone registered by two files makes whichever runs second
 * fail at 注册 (该手机号已注册), depending on the order jest picks. Each file keeps its own phones.
 */
describe('the browser tests’ phones', () => {
  it('are each registered by one test file only', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const file of fs.readdirSync(__dirname).filter((name) => name.endsWith('.ts'))) {
      const phones = new Set(fs.readFileSync(path.join(__dirname, file), 'utf8').match(/\b1[3-9]\d{9}\b/g) ?? []);
      for (const phone of phones) {
        const owner = owners.get(phone);
        if (owner && owner !== file) clashes.push(`${phone}: ${owner} and ${file}`);
        owners.set(phone, file);
      }
    }
    expect(clashes).toEqual([]);
  });
});
