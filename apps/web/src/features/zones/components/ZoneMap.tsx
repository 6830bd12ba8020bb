import { SwapOutlined } from '@ant-design/icons';
import { Button, Segmented, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LngLat } from '../../../map/coords.ts';
import { MapView } from '../../../map/MapView.tsx';
import { useMapSettings } from '../../../map/map-store.ts';
import { ChangeMapDialog } from '../../monitor/components/ChangeMapDialog.tsx';
import { DrawLayer } from '../draw/DrawLayer.tsx';
import type { Draft, DrawTool } from '../draw/draft.ts';
import { ZONE_COLOURS } from '../zone-style.ts';
import { type MapZone, ZoneLayer } from './ZoneLayer.tsx';

interface Props {
  zones: readonly MapZone[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  fitKey: string;
  /** Editing: the shape on the map (null: nothing drawn yet) and the tools offered; absent when not editing. */
  editing?: {
    id: number | null;
    draft: Draft | null;
    tools: readonly DrawTool[];
    tool: DrawTool | null;
    onTool: (tool: DrawTool | null) => void;
    onDraft: (draft: Draft) => void;
    onRefused: (why: 'holeOutside') => void;
    widthMetres?: number;
    onSegment?: (index: number) => void;
    segment?: number | null;
  };
  /** A click on the map in WGS-84 (adding a point), when no tool draws. */
  onMapClick?: (p: LngLat) => void;
  /** More layers (the points). */
  children?: ReactNode;
}

/** The map of the fence and road pages: the stored zones, the shape being edited with its tools, the change-map dialog. */
export function ZoneMap({ zones, selectedId, onSelect, fitKey, editing, onMapClick, children }: Props) {
  const { t } = useTranslation('zones');
  const provider = useMapSettings((s) => s.provider);
  const setProvider = useMapSettings((s) => s.setProvider);
  const [dialog, setDialog] = useState(false);
  const drawing = Boolean(editing?.tool);
  const isRoad = editing?.tools.includes('line');

  return (
    <div className="zones-map">
      <MapView
        provider={provider}
        offlineNotice={t('monitor:map.offline')}
        onMapClick={(p) => {
          if (!drawing) onMapClick?.(p);
        }}
      >
        <ZoneLayer
          zones={zones}
          selectedId={selectedId}
          hiddenId={editing ? (editing.id ?? -1) : null}
          onSelect={onSelect}
          selectable={!editing}
          fitKey={fitKey}
          focusSelected
        />
        {editing ? (
          <DrawLayer
            tool={editing.tool}
            draft={editing.draft}
            onChange={editing.onDraft}
            onToolEnd={() => editing.onTool(null)}
            onRefused={editing.onRefused}
            color={isRoad ? ZONE_COLOURS.road : ZONE_COLOURS.selected}
            widthMetres={editing.widthMetres}
            onSegment={editing.onSegment}
            segment={editing.segment}
          />
        ) : null}
        {children}
      </MapView>
      <div className="zones-map-tools">
        {editing ? (
          <Segmented<DrawTool | 'edit'>
            className="zones-draw-tools"
            value={editing.tool ?? 'edit'}
            onChange={(v) => editing.onTool(v === 'edit' ? null : v)}
            options={[
              { value: 'edit', label: <Tooltip title={t('draw.editHint')}>{t('draw.edit')}</Tooltip> },
              ...editing.tools.map((tool) => ({
                value: tool,
                label: <span data-tool={tool}>{t(`draw.${tool}`)}</span>,
                disabled: tool === 'hole' && editing.draft?.kind !== 'polygon',
              })),
            ]}
          />
        ) : null}
      </div>
      {/* Apart from the drawing tools, bottom right: beside them the two would not fit one row in French. */}
      <Button
        size="small"
        icon={<SwapOutlined />}
        onClick={() => setDialog(true)}
        className="change-map-button zones-change-map"
      >
        {t('monitor:actions.changeMap')}
        <span className="map-provider-name">· {t(`monitor:map.provider.${provider}`)}</span>
      </Button>
      {editing ? (
        <div className="zones-draw-hint" data-testid="draw-hint">
          {editing.tool ? t(`draw.hint.${editing.tool}`) : editing.draft ? t('draw.hint.edit') : t('draw.hint.start')}
        </div>
      ) : null}
      <ChangeMapDialog open={dialog} value={provider} onChange={setProvider} onClose={() => setDialog(false)} />
    </div>
  );
}
