import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GPS_MENU, LANGS, type MenuEntry, SIM_MENU, USER_MENU } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', 'locales');

function flatten(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

function load(lang: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8'));
}

const namespaces = (lang: string) =>
  readdirSync(join(root, lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

function titles(menu: readonly MenuEntry[]): string[] {
  return menu.flatMap((e) => [e.title, ...titles(e.children ?? [])]);
}

describe('translations', () => {
  const all = namespaces('zh');

  it('has the same namespaces in every language', () => {
    for (const lang of LANGS) expect(namespaces(lang), lang).toEqual(all);
  });

  it.each(all)('has the same keys in zh, en and fr for namespace %s', (ns) => {
    const keys = Object.fromEntries(LANGS.map((l) => [l, flatten(load(l, ns)).sort()]));
    const union = [...new Set(Object.values(keys).flat())].sort();
    for (const lang of LANGS) {
      const missing = union.filter((k) => !keys[lang]?.includes(k));
      expect(missing, `${lang}/${ns}.json misses keys`).toEqual([]);
    }
  });

  it('has no empty text', () => {
    for (const lang of LANGS)
      for (const ns of all) {
        const data = load(lang, ns);
        const empty = flatten(data).filter((k) => {
          const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], data);
          return typeof v !== 'string' || v.trim() === '';
        });
        expect(empty, `${lang}/${ns}.json`).toEqual([]);
      }
  });

  it('translates every title of the domain menus in every language', () => {
    const menuTitles = [...new Set([...titles(SIM_MENU), ...titles(GPS_MENU), ...titles(USER_MENU)])];
    expect(menuTitles.length).toBeGreaterThan(50);
    for (const lang of LANGS) {
      const keys = new Set(flatten(load(lang, 'menu')));
      expect(
        menuTitles.filter((t) => !keys.has(t)),
        `${lang}/menu.json misses menu titles`,
      ).toEqual([]);
    }
  });
});
