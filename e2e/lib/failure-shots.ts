import { basename } from 'node:path';
import { beforeEach } from 'vitest';
import { shotOpenBrowsers } from './browser.ts';

/**
 * Every browser test that fails leaves a screenshot of each browser its file has open, as the page stood when the
 * test gave up: `failed-<file>-<test>.png` in e2e/screenshots. Lost clicks and dialogs in the
 * way were found through the few files that took such shots themselves; now every file does.
 */
beforeEach((context) => {
  const file = basename(context.task.file.name).replace(/\.test\.ts$/, '');
  const test = context.task.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  context.onTestFailed(() => shotOpenBrowsers(`failed-${file}-${test}`));
});
