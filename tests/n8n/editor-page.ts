// The n8n editor itself, in Debian's chromium driven headless by playwright-core: opens a saved workflow
// with one node's settings open (the editor's /workflow/<id>/<node id> route) and reads what it shows
// for a multi-select parameter. Signed in with the REST session's cookie.
import type { Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/chromium.ts';

export interface MultiSelectField {
  /** The chosen values, as the tags the field shows. */
  chosen: string[];
  /** The option labels its dropdown lists, and those marked chosen in it. */
  options: string[];
  selected: string[];
}

/** The field `name` of the open node, then a screenshot of the page with its dropdown open at `png`. */
export async function multiSelectInEditor(
  url: string,
  cookie: string,
  name: string,
  png: string,
): Promise<MultiSelectField> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const { origin } = new URL(url);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
    );
    const page = await context.newPage();
    await page.goto(url);
    const field = page.locator(`[data-test-id="parameter-input-${name}"]`);
    // The editor is a large app: its first load on a busy machine takes a while.
    await field.waitFor({ timeout: 120_000 });
    const chosen = await field.locator('.el-tag').allInnerTexts();
    await field.locator('.el-select').first().click();
    const items = page.locator('.el-select-dropdown__item:visible');
    await items.first().waitFor();
    const options = await labels(page, '.el-select-dropdown__item:visible');
    // Element Plus marks a chosen option `selected` (older releases) or `is-selected` (newer ones).
    const selected = await labels(
      page,
      '.el-select-dropdown__item.selected:visible, .el-select-dropdown__item.is-selected:visible',
    );
    await page.screenshot({ path: png, fullPage: true });
    return { chosen: chosen.map((text) => text.trim()), options, selected };
  } finally {
    await browser.close();
  }
}

/** The first line of each match: an option's label, without the description n8n may show under it. */
async function labels(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((text) => text.trim().split('\n')[0] ?? '');
}
