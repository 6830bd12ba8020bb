import { readFileSync } from 'node:fs';
import { COMMAND_STATUSES, COMMAND_TYPES, LANGS } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import {
  COMMAND_STATUS_NAMES,
  COMMAND_TYPE_NAMES,
  COMMAND_VIA_NAMES,
  commandStatusName,
  commandTypeName,
} from './command-names.ts';

const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../../web/src/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));

describe('command names in files', () => {
  it.each(LANGS)('names every command type, status and channel as the console does in %s', (lang) => {
    const commands = locale(lang, 'commands');
    for (const type of COMMAND_TYPES)
      expect([type, COMMAND_TYPE_NAMES[type][lang]]).toEqual([type, commands.type[type]]);
    for (const s of COMMAND_STATUSES) expect([s, COMMAND_STATUS_NAMES[s][lang]]).toEqual([s, commands.status[s]]);
    const via = locale(lang, 'report-centre').via;
    for (const v of ['device', 'sms'] as const) expect([v, COMMAND_VIA_NAMES[v][lang]]).toEqual([v, via[v]]);
  });

  it('leaves an id it does not know as it is', () => {
    expect(commandTypeName('positionQuery', 'zh')).toBe('位置查询');
    expect(commandStatusName('acknowledged', 'fr')).toBe('Acquittée');
    expect(commandTypeName('someNewType', 'en')).toBe('someNewType');
  });
});
