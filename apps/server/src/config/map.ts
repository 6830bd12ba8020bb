import {
  DEFAULT_MAP_PROVIDER,
  isMapProvider,
  MAP_PROVIDERS,
  type MapSettings,
  mapTilesSetting,
} from '@lodestar/domain';

/**
 * MAP_DEFAULT_PROVIDER, and MAP_TILES_<PROVIDER>: one or more tile URL templates separated by spaces,
 * each with {x} {y} {z} (Baidu's own numbering for Baidu), maybe {s} (the console expands it over the
 * provider's sub-domains) and {key}, filled here from MAP_TILES_<PROVIDER>_KEY.
 */
export function mapSettings(env: NodeJS.ProcessEnv): MapSettings {
  const defaultProvider = env.MAP_DEFAULT_PROVIDER || DEFAULT_MAP_PROVIDER;
  if (!isMapProvider(defaultProvider))
    throw new Error(
      `Setting MAP_DEFAULT_PROVIDER must be one of ${MAP_PROVIDERS.join(', ')}, got "${defaultProvider}"`,
    );
  const tiles: MapSettings['tiles'] = {};
  for (const id of MAP_PROVIDERS) {
    const name = mapTilesSetting(id);
    const templates = env[name]?.trim().split(/\s+/).filter(Boolean) ?? [];
    const key = env[`${name}_KEY`]?.trim() || undefined;
    if (key && !templates.some((t) => t.includes('{key}')))
      throw new Error(`Setting ${name}_KEY is given but no ${name} template has a {key} placeholder for it`);
    if (!templates.length) continue;
    for (const t of templates) {
      if (!/^(https?:\/\/|\/(?!\/))/.test(t))
        throw new Error(`Setting ${name}: "${t}" must be an http(s) address or a path on this server`);
      const missing = ['{x}', '{y}', '{z}'].filter((p) => !t.includes(p));
      if (missing.length) throw new Error(`Setting ${name}: "${t}" lacks ${missing.join(' ')}`);
      if (t.includes('{key}') && !key) throw new Error(`Setting ${name} has a {key} placeholder: set ${name}_KEY`);
    }
    tiles[id] = key ? templates.map((t) => t.replaceAll('{key}', encodeURIComponent(key))) : templates;
  }
  return { defaultProvider, tiles };
}
