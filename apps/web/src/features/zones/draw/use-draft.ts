import { useEffect, useState } from 'react';
import type { Crs } from '../../../map/coords.ts';
import { useMapSettings } from '../../../map/map-store.ts';
import { tileProvider } from '../../../map/tile-settings.ts';
import { type Draft, type DrawTool, reprojectDraft } from './draft.ts';

/**
 * The shape being edited, in the coordinates of the map shown, and the tool drawing it. Changing maps while
 * editing moves the draft to the new map's system, so it stays on the same ground.
 */
export function useDraft() {
  const provider = useMapSettings((s) => s.provider);
  const crs: Crs = tileProvider(provider).crs;
  const [state, setState] = useState<{ draft: Draft | null; crs: Crs }>({ draft: null, crs });
  const [tool, setTool] = useState<DrawTool | null>(null);
  const draft = state.draft && state.crs !== crs ? reprojectDraft(state.draft, state.crs, crs) : state.draft;
  // biome-ignore lint/correctness/useExhaustiveDependencies: stores the reprojected draft once per change of map
  useEffect(() => {
    if (state.crs !== crs) setState({ draft, crs });
  }, [crs]);
  return { draft, crs, tool, setTool, setDraft: (d: Draft | null) => setState({ draft: d, crs }) };
}
