import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { BuilderMessages } from '../../src/contract/builder';
import { registerAndLogIn, url } from './accounts';
import { confirmPopover, describeInBrowser, downloadOf, explained, launchBrowser, openPage, previewShown } from './browser';
import { fitsPhone, loadedPicturesSized, openOffline, unzip, writeSamplePng } from './sites';

// Renders a banner through the queue and the site several times: minutes on a busy two-core machine.
jest.setTimeout(300_000);
/**
 * The whole-site test waits for a banner through the queue (up to 240 s) and then for the zip (up
 * to 120 s); on CI, beside the other suites' renders, the two together outgrew 300 s.
 */
const WHOLE_SITE_MS = 600_000;

const SITE_NAME = '山海"><b>奇缘';
const TABS = ['整站配置', '导航栏', 'BANNER', '内容区', '侧边栏', '页脚'] as const;

let work: string;

function activePanel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** Waits for a field to show `value`: a shortcut's re-render comes a moment after the key press. */
async function showsValue(field: Locator, value: string): Promise<void> {
  for (const deadline = Date.now() + 5_000; (await field.inputValue()) !== value; ) {
    if (Date.now() > deadline) throw new Error(`the field shows "${await field.inputValue()}", not "${value}"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function saved(page: Page): Promise<void> {
  await page.getByRole('status').filter({ hasText: '已自动保存' }).waitFor({ timeout: 60_000 });
}

/** Opens the picker with `button`, turns to its second page and takes the first template there. */
async function pickFromSecondPage(page: Page, button: Locator): Promise<string> {
  await button.click();
  const dialog = page.getByRole('dialog', { name: /^选择.+模版$/ });
  const firstCard = dialog.getByRole('listitem').first().getByRole('button');
  const firstOnPageOne = await firstCard.getAttribute('aria-label');
  const pager = dialog.getByRole('navigation', { name: '分页' });
  await pager.getByRole('button', { name: '2', exact: true }).click();
  // The second page's cards replace the first's when it has loaded.
  await explained(page, dialog.locator(`[role=listitem]:first-child button:not([aria-label=${JSON.stringify(firstOnPageOne)}])`).waitFor());
  const name = (await firstCard.getAttribute('aria-label'))!.replace('（当前使用）', '');
  await firstCard.click();
  await dialog.locator('[role=listitem]:first-child button[aria-pressed="true"]').waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  // It closes when the site has switched and its preview is rendered again: as long as a save may take.
  await explained(page, dialog.waitFor({ state: 'hidden', timeout: 60_000 }));
  return name;
}

describeInBrowser('the page builder, in Chromium against the npm start server', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-e2e-builder-'));
  });

  afterAll(async () => {
    await browser?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('opened again in a new tab, resumes the site being edited instead of adding another', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138043');
    await page.goto(url('/user/createWeb'));
    await previewShown(page);
    // A new tab starts with an empty session: before, it made a second 龙腾天下 site.
    const again = await page.context().newPage();
    await again.goto(url('/user/createWeb'));
    await previewShown(again);
    await again.goto(url('/user/backend/siteList'));
    await again.getByRole('cell', { name: '编辑中' }).first().waitFor();
    expect(await again.getByRole('cell', { name: '编辑中' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('starts a new site from the game\'s texts and its own logo, switches a whole configuration to its pictures and samples keeping the game\'s, undoes it, and keeps the key art shown after 生成banner', async () => {
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 });
    await registerAndLogIn(page, '13800138049');
    // The game's name and licence rows, typed once (here in a first site).
    await page.goto(url('/user/createWeb?new=1'));
    await previewShown(page);
    await page.getByRole('tab', { name: '整站配置' }).click();
    await activePanel(page).getByLabel('网站名称').fill('星河战纪');
    await page.getByRole('tab', { name: '页脚' }).click();
    await activePanel(page).getByLabel('出版单位').fill('星河出版社有限公司');
    await activePanel(page).getByLabel('备案号').fill('京ICP备12345678号-1');
    await saved(page);

    // A new site starts from them, and its logo is the game's, not the sample's 游戏名称.
    await page.goto(url('/user/createWeb?new=1'));
    await previewShown(page);
    await page.getByRole('tab', { name: '整站配置' }).click();
    await showsValue(activePanel(page).getByLabel('网站名称'), '星河战纪');
    await page.getByRole('tab', { name: '页脚' }).click();
    await showsValue(activePanel(page).getByLabel('出版单位'), '星河出版社有限公司');
    await showsValue(activePanel(page).getByLabel('备案号'), '京ICP备12345678号-1');
    await explained(page, activePanel(page).locator('img[alt="LOGO图片"][src^="/generated/"]').first().waitFor({ timeout: 60_000 }));
    const logoBefore = await activePanel(page).locator('img[alt="LOGO图片"]').first().getAttribute('src');

    // 整站配置 -> 切换模版 -> 星海远征: its pictures, texts and layout; the game's texts stay.
    await page.getByRole('tab', { name: 'BANNER' }).click();
    const prompt = activePanel(page).getByLabel('画面描述');
    const palacePrompt = await prompt.inputValue();
    expect(palacePrompt).toMatch(/宫殿/);
    const palacePicture = await activePanel(page).locator('img[alt="banner图片"]').getAttribute('src');
    await page.getByRole('tab', { name: '整站配置' }).click();
    await activePanel(page).getByRole('button', { name: /切换模版/ }).click();
    const picker = page.getByRole('dialog', { name: /^选择.+模版$/ });
    await picker.getByRole('listitem').getByRole('button', { name: '星海远征' }).click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await explained(page, picker.waitFor({ state: 'hidden', timeout: 60_000 }));
    await activePanel(page).getByText('星海远征', { exact: true }).first().waitFor();
    await showsValue(activePanel(page).getByLabel('网站名称'), '星河战纪');
    await page.getByRole('tab', { name: 'BANNER' }).click();
    expect(await prompt.inputValue()).not.toMatch(/宫殿/);
    expect(await activePanel(page).getByLabel('主标题').inputValue()).not.toBe('王城再启 群雄逐鹿');
    expect(await activePanel(page).locator('img[alt="banner图片"]').getAttribute('src')).not.toBe(palacePicture);
    await page.getByRole('tab', { name: '页脚' }).click();
    await showsValue(activePanel(page).getByLabel('出版单位'), '星河出版社有限公司');
    // The logo is the game's name in 星海远征's logo style.
    await explained(page, activePanel(page).locator(`img[alt="LOGO图片"][src^="/generated/"]:not([src=${JSON.stringify(logoBefore)}])`).first().waitFor({ timeout: 60_000 }));
    const frame = page.frameLocator('iframe[title="网站预览"]');
    await frame.getByText('星河出版社有限公司').first().waitFor();
    expect(await frame.getByText('王城再启').count()).toBe(0);

    // 撤销: one step back to before the switch.
    await page.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('tab', { name: 'BANNER' }).click();
    await showsValue(prompt, palacePrompt);
    await page.getByRole('tab', { name: '整站配置' }).click();
    await activePanel(page).getByText('龙腾国战', { exact: true }).first().waitFor();
    await showsValue(activePanel(page).getByLabel('网站名称'), '星河战纪');
    await saved(page);

    // The studio's key art: still the 主视觉图 once the banner is made from it, and the dialog ends full.
    await page.getByRole('tab', { name: 'BANNER' }).click();
    const keyArtField = activePanel(page).locator('.ant-form-item').filter({ hasText: '主视觉图' }).first();
    await keyArtField.locator('input[type=file]').setInputFiles(writeSamplePng(work, 'key-art.png', 1280, 720));
    await keyArtField.getByRole('img', { name: '主视觉图预览' }).waitFor();
    await saved(page);
    await page.getByRole('button', { name: /生成banner/ }).click();
    const done = page.locator('.ant-modal').filter({ hasText: '首屏图片与LOGO已生成' });
    await explained(page, done.waitFor({ timeout: 240_000 }));
    expect(await done.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await explained(page, done.waitFor({ state: 'hidden', timeout: 30_000 }));
    await activePanel(page).locator('img[alt="banner图片"][src^="/generated/"]').waitFor();
    await keyArtField.getByRole('img', { name: '主视觉图预览' }).waitFor();
    expect(await keyArtField.getByText('未上传').count()).toBe(0);
    expect(errors).toEqual([]);
  }, WHOLE_SITE_MS);

  it('takes typing back with Ctrl+Z and brings it again with Ctrl+Shift+Z, and saves what the undo left', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138044');
    await page.goto(url('/user/createWeb'));
    await previewShown(page);
    await page.getByRole('tab', { name: '整站配置' }).click();
    const name = activePanel(page).getByLabel('网站名称');
    const original = await name.inputValue();
    await name.fill('');
    await name.pressSequentially('云海仙途', { delay: 20 });
    await saved(page);
    // One step for the whole typing, whatever the keystrokes.
    await name.press('Control+z');
    await showsValue(name, original);
    await name.press('Control+Shift+z');
    await showsValue(name, '云海仙途');
    const undoSaved = page.waitForResponse((response) => response.url().includes('/api/CreateWeb/saveConfig') && response.request().postData()?.includes(JSON.stringify(original).slice(1, -1)) === true);
    await page.getByRole('button', { name: '撤销' }).click();
    await showsValue(name, original);
    await undoSaved;
    // The undo was saved: a reload shows it.
    await page.reload();
    await page.getByRole('tab', { name: '整站配置' }).click();
    await previewShown(page);
    expect(await activePanel(page).getByLabel('网站名称').inputValue()).toBe(original);
    expect(errors).toEqual([]);
  });

  it('keeps an edit typed just before the tab is closed', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138048');
    await page.goto(url('/user/createWeb'));
    await previewShown(page);
    await page.getByRole('tab', { name: '整站配置' }).click();
    await activePanel(page).getByLabel('网站名称').fill('剑影江湖');
    // Closed before the second of the auto-save has passed.
    const again = await page.context().newPage();
    await page.close({ runBeforeUnload: true });
    for (const deadline = Date.now() + 15_000; ; ) {
      await again.goto(url('/user/backend/siteList'));
      await again.getByRole('cell', { name: '编辑中' }).first().waitFor();
      if ((await again.getByRole('row').filter({ hasText: '剑影江湖' }).count()) > 0) break;
      if (Date.now() > deadline) throw new Error('the edit typed before closing the tab was lost');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(errors).toEqual([]);
  });

  it('手机预览 gives a QR link that a phone opens without logging in', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138047');
    await page.goto(url('/user/createWeb'));
    await previewShown(page);
    await page.getByRole('tab', { name: '整站配置' }).click();
    await activePanel(page).getByLabel('网站名称').fill('星落长歌');
    // Not waited for: 手机预览 saves it first.
    await page.getByRole('button', { name: '手机预览' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '手机预览' });
    await dialog.getByRole('img', { name: '手机预览二维码' }).waitFor();
    const link = await dialog.getByRole('link', { name: '在新窗口打开' }).getAttribute('href');
    expect(link).toMatch(/\/m\/[A-Za-z0-9_-]{70}\/$/);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const visit = await phone.newPage();
      const opened = await visit.goto(link!);
      expect(opened?.status()).toBe(200);
      // Shown under the link itself: the folder's own address never reaches the phone.
      expect(visit.url()).toBe(link);
      await visit.getByText('星落长歌').first().waitFor();
      expect(await fitsPhone(visit)).toBe(true);
      // A link someone changed opens nothing.
      const forged = await visit.goto(link!.replace(/.\/$/, (last) => `${last[0] === 'A' ? 'B' : 'A'}/`));
      expect(forged?.status()).toBe(410);
      await visit.getByText('预览链接已过期').first().waitFor();
    } finally {
      await phone.close();
    }
    expect(errors).toEqual([]);
  });

  it('undoes and redoes 100 steps, one per edit, and saves where it ends', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138046');
    await page.goto(url('/user/createWeb'));
    await previewShown(page);
    await page.getByRole('tab', { name: '整站配置' }).click();
    const boxes = activePanel(page).locator('input[type=text]:not([readonly]), textarea:not([readonly])');
    const fields = [boxes.nth(0), boxes.nth(1)];
    const originals = await Promise.all(fields.map((field) => field.inputValue()));
    // Edits alternate between two fields: each is a step of its own.
    for (let step = 1; step <= 100; step += 1) await fields[step % 2].fill(`第${step}步`);
    await saved(page);
    for (let step = 0; step < 100; step += 1) await page.keyboard.press('Control+z');
    await showsValue(fields[0], originals[0]);
    await showsValue(fields[1], originals[1]);
    expect(await page.getByRole('button', { name: '撤销' }).isDisabled()).toBe(true);
    for (let step = 0; step < 100; step += 1) await page.keyboard.press('Control+Shift+z');
    await showsValue(fields[0], '第100步');
    await showsValue(fields[1], '第99步');
    expect(await page.getByRole('button', { name: '重做' }).isDisabled()).toBe(true);
    await saved(page);
    await page.reload();
    await page.getByRole('tab', { name: '整站配置' }).click();
    await previewShown(page);
    expect(await boxes.nth(0).inputValue()).toBe('第100步');
    expect(await boxes.nth(1).inputValue()).toBe('第99步');
    expect(errors).toEqual([]);
  });

  it('undoes a template switch, keeps a version at 生成并下载, restores it from 历史版本 without losing the draft, and publishes the site', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138045');
    await page.goto(url('/user/createWeb'));
    await previewShown(page);
    await page.getByRole('tab', { name: '整站配置' }).click();
    await activePanel(page).getByLabel('网站名称').fill('云海仙途');
    await saved(page);

    // A template switch is one step: 撤销 brings the template back, and the save sends it.
    await page.getByRole('tab', { name: '导航栏' }).click();
    const current = activePanel(page).getByText('当前模版').locator('xpath=following-sibling::div');
    const original = await current.innerText();
    const chosen = await pickFromSecondPage(page, activePanel(page).getByRole('button', { name: /切换模版/ }));
    await activePanel(page).getByText(chosen, { exact: true }).first().waitFor();
    const undoSaved = page.waitForResponse((response) => response.url().includes('/api/CreateWeb/saveConfig'));
    await page.getByRole('button', { name: '撤销' }).click();
    await activePanel(page).getByText(original, { exact: true }).first().waitFor();
    expect((await undoSaved).status()).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: '导航栏' }).click();
    await activePanel(page).getByText(original, { exact: true }).first().waitFor();

    // 生成并下载 keeps a version.
    await downloadOf(page, async () => {
      await page.getByRole('button', { name: /生成并下载/ }).click();
      await page.locator('.ant-modal').filter({ hasText: '以下内容仍是模版示例' }).getByRole('button', { name: '仍然生成并下载' }).click();
    });
    await page.waitForURL(/\/user\/backend\/siteList/);

    // Edited after: the draft now differs from the version.
    await page.getByRole('row').filter({ hasText: '云海仙途' }).getByRole('button', { name: '编辑' }).click();
    await page.getByRole('tab', { name: '整站配置' }).click();
    await showsValue(activePanel(page).getByLabel('网站名称'), '云海仙途');
    await activePanel(page).getByLabel('网站名称').fill('云海仙途·资料片');
    await saved(page);

    const versionsOf = async (name: string): Promise<Locator> => {
      await page.goto(url('/user/backend/siteList'));
      await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: '历史版本' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: '历史版本' });
      await dialog.getByTestId('site-version').first().waitFor();
      return dialog;
    };
    const restore = async (dialog: Locator, versionName: string): Promise<void> => {
      await confirmPopover(page, dialog.getByTestId('site-version').filter({ hasText: versionName }).first().getByRole('button', { name: '恢复' }), /恢\s*复/);
      await page.getByText(BuilderMessages.restoreSucceeded).waitFor();
    };

    let dialog = await versionsOf('云海仙途·资料片');
    expect(await dialog.getByTestId('site-version').count()).toBe(1);
    await dialog.getByTestId('site-version').getByText('生成并下载').waitFor();
    await dialog.getByRole('img', { name: '版本首屏图片' }).waitFor();
    await restore(dialog, '云海仙途');
    // The replaced draft is a version now.
    await dialog.getByTestId('site-version').filter({ hasText: '恢复前的草稿' }).filter({ hasText: '云海仙途·资料片' }).waitFor();
    await page.getByRole('row').filter({ hasText: '云海仙途' }).first().waitFor();

    // The builder opens the restored draft, not the one it showed before.
    await page.keyboard.press('Escape');
    await page.getByRole('row').filter({ hasText: '云海仙途' }).getByRole('button', { name: '编辑' }).click();
    await page.getByRole('tab', { name: '整站配置' }).click();
    await showsValue(activePanel(page).getByLabel('网站名称'), '云海仙途');

    // And the draft it replaced comes back: nothing was lost.
    dialog = await versionsOf('云海仙途');
    await restore(dialog, '云海仙途·资料片');
    await page.keyboard.press('Escape');
    await page.getByRole('row').filter({ hasText: '云海仙途·资料片' }).getByRole('button', { name: '编辑' }).click();
    await page.getByRole('tab', { name: '整站配置' }).click();
    await showsValue(activePanel(page).getByLabel('网站名称'), '云海仙途·资料片');

    // 发布: its last completion at a link a phone opens without logging in; 下线 ends it.
    await page.goto(url('/user/backend/siteList'));
    const row = page.getByRole('row').filter({ hasText: '云海仙途' });
    await row.getByRole('button', { name: '发布' }).click();
    const published = page.locator('.ant-modal').filter({ hasText: '已发布' });
    await published.getByRole('img', { name: '网站二维码' }).waitFor();
    const link = (await published.getByRole('link', { name: '打开网站' }).getAttribute('href'))!;
    expect(link).toMatch(/\/pub\/[0-9a-f]{32}\/$/);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const visit = await phone.newPage();
      expect((await visit.goto(link))?.status()).toBe(200);
      // The completion's name, not the draft's edits since.
      await visit.getByText('云海仙途').first().waitFor();
      expect(await fitsPhone(visit)).toBe(true);
      await page.keyboard.press('Escape');
      await confirmPopover(page, row.getByRole('button', { name: '下线' }), /下\s*线/);
      await page.getByText(BuilderMessages.unpublishSucceeded).waitFor();
      expect((await visit.goto(link))?.status()).toBe(404);
    } finally {
      await phone.close();
    }
    expect(errors).toEqual([]);
  });

  it('builds a site from a template of every type, keeps the edits, finishes, lists and downloads it', async () => {
    const { page, errors } = await openPage(browser);
    await registerAndLogIn(page, '13800138041');

    await page.getByText('立即搭建').first().click();
    await page.waitForURL(/\/user\/createWeb$/);
    expect(await page.title()).toBe('游戏官网配置 - 网页生成系统');
    await previewShown(page);

    // A template of every type, each from the second page of its picker (main first: it sets the rest).
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab }).click();
      const chosen = await pickFromSecondPage(page, activePanel(page).getByRole('button', { name: /切换模版/ }));
      await activePanel(page).getByText(chosen, { exact: true }).first().waitFor();
    }
    await page.getByRole('tab', { name: 'BANNER' }).click();
    const logoStyle = await pickFromSecondPage(page, activePanel(page).getByRole('button', { name: /切换LOGO样式/ }));
    await activePanel(page).getByText(logoStyle, { exact: true }).first().waitFor();

    // A logo field outside the banner tab is the banner's: read only, and says where to make it.
    await page.getByRole('tab', { name: '导航栏' }).click();
    await activePanel(page).getByText(BuilderMessages.logoInBannerTab).first().waitFor();

    // A text and a picture edited.
    await page.getByRole('tab', { name: '整站配置' }).click();
    await activePanel(page).getByLabel('网站名称').fill(SITE_NAME);
    await page.getByRole('tab', { name: '内容区' }).click();
    const upload = page.waitForResponse((response) => response.url().includes('/api/Upload/siteFileUpload'));
    await activePanel(page).locator('input[type=file]').first().setInputFiles(writeSamplePng(work, 'screenshot.png', 640, 360));
    expect((await upload).status()).toBe(200);
    await saved(page);

    // The banner and its logo, through the queue.
    await page.getByRole('tab', { name: 'BANNER' }).click();
    await page.getByRole('button', { name: /生成banner/ }).click();
    // The progress dialog: titled 正在生成中 or, with jobs ahead (an earlier test's), 前面还有N人.
    const progress = page.getByRole('progressbar', { name: 'banner生成进度' });
    await explained(page, progress.waitFor());
    await explained(page, progress.waitFor({ state: 'hidden', timeout: 240_000 }));
    await activePanel(page).locator('img[src*="/generated/"]').first().waitFor();
    await page.frameLocator('iframe[title="网站预览"]').locator('img[src*="banner"], [style*="banner"]').first().waitFor();

    // Reloaded: the same site with the edits.
    await page.reload();
    await page.getByRole('tab', { name: '整站配置' }).click();
    expect(await activePanel(page).getByLabel('网站名称').inputValue()).toBe(SITE_NAME);
    await page.getByRole('tab', { name: '内容区' }).click();
    await activePanel(page).locator('img[src*="/uploads/"]').first().waitFor();
    await page.getByRole('tab', { name: 'BANNER' }).click();
    await activePanel(page).locator('img[src*="/generated/"]').first().waitFor();

    // Finished: the zip downloads and the back office lists the site as completed.
    const finished = await downloadOf(page, async () => {
      await page.getByRole('button', { name: /生成并下载/ }).click();
      // The other tabs still hold their templates' samples: listed, and the user goes on anyway.
      const samples = page.locator('.ant-modal').filter({ hasText: '以下内容仍是模版示例' });
      await samples.getByRole('button', { name: '仍然生成并下载' }).waitFor();
      // Sample pictures are listed as the mini site lists them; what every game keeps (button labels
      // such as 立即下载, news tags, the health advice) is not.
      const listed = await samples.locator('button.ant-btn-link').allTextContents();
      expect(listed.some((name) => /截图|配图|立绘|图片|二维码/.test(name))).toBe(true);
      expect(listed.filter((name) => /按钮文字|标签|健康游戏忠告/.test(name))).toEqual([]);
      await samples.getByRole('button', { name: '仍然生成并下载' }).click();
    });
    expect(finished.suggestedFilename()).toMatch(/\.zip$/);
    await page.waitForURL(/\/user\/backend\/siteList/);
    const row = page.getByRole('row').filter({ hasText: SITE_NAME });
    await row.getByText('已完成').waitFor();
    const zip = await downloadOf(page, () => row.getByRole('button', { name: /下\s*载/ }).click());
    const zipFile = path.join(work, zip.suggestedFilename());
    await zip.saveAs(zipFile);

    // Unzipped and opened from disk, on a desktop and a phone: every request a file of the folder.
    const siteDir = path.join(work, 'site');
    const names = await unzip(zipFile, siteDir);
    const index = names.find((name) => name.endsWith('index.html'));
    expect(index).toBeDefined();
    // Their game, not the sample's: no sample name, placeholder link or invented licence number in any file.
    for (const name of names.filter((file) => /\.(html|css|js)$/.test(file))) {
      expect(fs.readFileSync(path.join(siteDir, name), 'utf8')).not.toMatch(/龙腾天下|example\.com|ISBN|国新出审|ICP备/);
    }
    const site = await openOffline(browser, path.join(siteDir, index!));
    expect(await site.page.title()).toContain(SITE_NAME);
    const uploaded = await loadedPicturesSized(site.page, 640, 360);
    expect(uploaded).toBeGreaterThan(0);
    expect(await site.page.locator('b').filter({ hasText: '奇缘' }).count()).toBe(0);
    expect(await site.page.locator('link[rel~="icon"]').count()).toBe(1);
    expect(await fitsPhone(site.page)).toBe(true);
    expect(site.failed).toEqual([]);
    expect(site.dialogs).toEqual([]);
    await site.close();

    // Another account cannot open it.
    const siteId = new URL(page.url()).searchParams.get('id') ?? (await row.getByRole('cell').first().textContent());
    const other = await openPage(browser);
    await registerAndLogIn(other.page, '13800138042');
    await other.page.goto(url(`/user/createWeb?id=${siteId}`));
    await other.page.getByText(BuilderMessages.siteUnknown).first().waitFor();
    await other.page.context().close();

    expect(errors).toEqual([]);
  }, WHOLE_SITE_MS);
});
