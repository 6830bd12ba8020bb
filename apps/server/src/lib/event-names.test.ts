import { readFileSync } from 'node:fs';
import { EVENT_TYPES, LANGS } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, eventName } from './event-names.ts';

const consoleNames = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../../web/src/locales/${lang}/events.json`, import.meta.url), 'utf8')).type;

describe('event names in files', () => {
  it.each(LANGS)('names every event type as the console does in %s', (lang) => {
    const shown = consoleNames(lang);
    for (const type of EVENT_TYPES) expect([type, EVENT_NAMES[type][lang]]).toEqual([type, shown[type]]);
  });

  it('names a type it does not know as the console does', () => {
    expect(eventName('sos', 'zh')).toBe('SOS求救');
    expect(eventName('fenceLeave', 'fr')).toBe('Sortie de la clôture');
    expect(eventName('newAlarm', 'en')).toBe(consoleNames('en').other!.replace('{{name}}', 'newAlarm'));
  });
});
