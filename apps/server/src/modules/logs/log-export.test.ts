import { readFileSync } from 'node:fs';
import { LANGS } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { ACTION_TEXT, actionText, RESULT_TEXT } from './log-export.ts';

const localeFile = (lang: string) => new URL(`../../../../web/src/locales/${lang}/accounts.json`, import.meta.url);

describe('operation log action texts', () => {
  it('name every action as the console’s log page does, in every language', () => {
    for (const lang of LANGS) {
      const console = JSON.parse(readFileSync(localeFile(lang), 'utf8')).log.actions as Record<string, string>;
      const server = Object.fromEntries(Object.entries(ACTION_TEXT).map(([k, v]) => [k, v[lang]]));
      expect({ lang, texts: server }).toEqual({ lang, texts: console });
    }
  });

  it('name every log-in result as the visitor log page does', () => {
    for (const lang of LANGS) {
      const console = JSON.parse(readFileSync(localeFile(lang), 'utf8')).visitor.results as Record<string, string>;
      const server = Object.fromEntries(Object.entries(RESULT_TEXT).map(([k, v]) => [k, v[lang]]));
      expect({ lang, texts: server }).toEqual({ lang, texts: console });
    }
  });

  it('shows an unknown action by its key', () => {
    expect(actionText('somethingNew', 'fr')).toBe('somethingNew');
  });
});
