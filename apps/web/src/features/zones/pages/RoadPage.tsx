import '../zones.css';
import type { RoadListInput } from '@lodestar/contract/zones';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useConfirmDelete, useServerList } from '../../../components/table/index.ts';
import { useSession } from '../../../store/session.ts';
import { addRoad } from '../api/add-road.ts';
import { bindRoadDevices } from '../api/bind-road-devices.ts';
import { useRoad } from '../api/get-road.ts';
import { getRoadList, useMapRoads } from '../api/get-road-list.ts';
import { ROADS_KEY } from '../api/keys.ts';
import { modifyRoad } from '../api/modify-road.ts';
import { removeRoads } from '../api/remove-road.ts';
import { unbindRoadDevices } from '../api/unbind-road-devices.ts';
import { BindDialog } from '../components/BindDialog.tsx';
import { DEFAULT_ROAD_WIDTH, RoadForm, type RoadFormValues } from '../components/RoadForm.tsx';
import type { MapZone } from '../components/ZoneLayer.tsx';
import { ZoneList, type ZoneListRow } from '../components/ZoneList.tsx';
import { ZoneMap } from '../components/ZoneMap.tsx';
import { ZonePanel } from '../components/ZonePanel.tsx';
import { type DrawTool, draftToLine, fitSegmentLimits, lineToDraft } from '../draw/draft.ts';
import { useDraft } from '../draw/use-draft.ts';
import { roadFacts } from '../facts.tsx';

const ROAD_TOOLS: readonly DrawTool[] = ['line'];

const listRoads = (q: RoadListInput) =>
  getRoadList(q).then((page) => ({
    ...page,
    rows: page.rows.map<ZoneListRow>((r) => ({
      id: r.RoadID,
      name: r.RoadName,
      DeviceCount: r.DeviceCount,
      CreateTime: r.CreateTime,
      HoldName: r.HoldName,
    })),
  }));

/**
 * /monitor/road (function 40): the unit's roads (routes) on the map with their corridors, drawing one as a
 * polyline with a width in metres, a speed limit and limits per segment; binding devices; a road's devices
 * and recent events (deviations, overspeed).
 */
export default function RoadPage() {
  const { t } = useTranslation('zones');
  const { message } = App.useApp();
  const client = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const holdId = useSession((s) => s.currentHoldId) ?? undefined;
  const [keyword, setKeyword] = useState('');
  const list = useServerList([...ROADS_KEY, 'list'], listRoads, { HoldID: holdId, Keyword: keyword || undefined });
  const mapRoads = useMapRoads(holdId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detail = useRoad(selectedId);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const { draft, setDraft, crs, tool, setTool } = useDraft();
  const [segment, setSegment] = useState<number | null>(null);
  const [binding, setBinding] = useState(false);
  const [form] = Form.useForm<RoadFormValues>();
  const width = Form.useWatch('Width', form) ?? DEFAULT_ROAD_WIDTH;
  const refresh = () => client.invalidateQueries({ queryKey: ROADS_KEY });
  const segments = draft?.kind === 'line' ? draft.points.length - 1 : 0;

  // One limit per segment as vertices are added or removed.
  useEffect(() => {
    if (!editing) return;
    const limits = form.getFieldValue('SegmentLimits') as (number | null)[] | undefined;
    if ((limits?.length ?? 0) !== segments) form.setFieldValue('SegmentLimits', fitSegmentLimits(limits, segments + 1));
    if (segment !== null && segment >= segments) setSegment(null);
  }, [editing, segments, segment, form]);

  const zones = useMemo<MapZone[]>(
    () =>
      (mapRoads.data?.rows ?? []).map((r) => ({
        id: r.RoadID,
        name: r.RoadName,
        geometry: r.Geometry,
        width: r.Width,
      })),
    [mapRoads.data],
  );

  const startAdd = () => {
    setSelectedId(null);
    setDraft(null);
    setEditing({ id: null });
    setTool('line');
  };
  const startEdit = () => {
    const r = detail.data;
    if (!r) return;
    setDraft(lineToDraft(r.Geometry, crs));
    setEditing({ id: r.RoadID });
    setTool(null);
  };
  const stopEdit = () => {
    setEditing(null);
    setDraft(null);
    setTool(null);
    setSegment(null);
  };
  const save = async (v: RoadFormValues) => {
    const geometry = draft ? draftToLine(draft, crs) : null;
    if (!geometry) throw new Error(t('form.drawFirst'));
    const limits = fitSegmentLimits(v.SegmentLimits, geometry.coordinates.length);
    const fields = {
      RoadName: v.RoadName.trim(),
      Width: v.Width,
      SpeedLimit: v.SpeedLimit ?? null,
      TriggerAlarm: v.TriggerAlarm,
      SegmentLimits: limits.some((x) => x !== null) ? limits : null,
      Geometry: geometry,
    };
    let id = editing?.id ?? null;
    if (id === null) {
      if (holdId === undefined) throw new Error(t('form.chooseUnit'));
      id = (await addRoad({ HoldID: holdId, ...fields })).RoadID;
    } else await modifyRoad({ RoadID: id, ...fields });
    message.success(t('common:saved'));
    stopEdit();
    setSelectedId(id);
    await refresh();
  };
  const remove = (rows: { id: number; name: string }[]) =>
    confirmDelete({
      name: rows.map((r) => r.name).join(t('list.separator')),
      onOk: async () => {
        await removeRoads(rows.map((r) => r.id));
        if (rows.some((r) => r.id === selectedId)) setSelectedId(null);
        await refresh();
      },
    });

  return (
    <PageLayout title={t('menu:road')}>
      <div className="zones-page road-page">
        <aside className="zones-side">
          <div className="zones-side-body">
            {editing ? (
              <RoadForm
                road={editing.id !== null && detail.data?.RoadID === editing.id ? detail.data : null}
                form={form}
                segments={segments}
                segment={segment}
                onSegment={setSegment}
                onSave={save}
                onCancel={stopEdit}
              />
            ) : (
              <>
                <ZoneList
                  list={list}
                  nameColumn="RoadName"
                  onKeyword={setKeyword}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                  onAdd={startAdd}
                  onRemove={remove}
                  addLabel={t('road.add')}
                  searchPlaceholder={t('road.search')}
                  emptyText={t('road.empty')}
                />
                {selectedId !== null ? (
                  <ZonePanel
                    name={detail.data?.RoadName}
                    loading={detail.isFetching}
                    facts={detail.data ? roadFacts(detail.data, t) : []}
                    devices={detail.data?.Devices ?? []}
                    zone={{ RoadID: selectedId }}
                    onEdit={startEdit}
                    onBind={() => setBinding(true)}
                    onRemove={() => detail.data && remove([{ id: selectedId, name: detail.data.RoadName }])}
                    onUnbind={async (id) => {
                      await unbindRoadDevices(selectedId, [id]);
                      await refresh();
                    }}
                  />
                ) : (
                  <div className="zone-hint muted">{t('road.chooseHint')}</div>
                )}
              </>
            )}
          </div>
        </aside>
        <ZoneMap
          zones={zones}
          selectedId={selectedId}
          onSelect={setSelectedId}
          fitKey={String(holdId)}
          editing={
            editing
              ? {
                  id: editing.id,
                  draft,
                  tools: ROAD_TOOLS,
                  tool,
                  onTool: setTool,
                  onDraft: setDraft,
                  onRefused: () => undefined,
                  widthMetres: width,
                  onSegment: setSegment,
                  segment,
                }
              : undefined
          }
        />
      </div>
      <BindDialog
        open={binding}
        name={detail.data?.RoadName ?? ''}
        onClose={() => setBinding(false)}
        onBind={async (req) => {
          const result = await bindRoadDevices({ RoadID: selectedId as number, ...req });
          await refresh();
          return result;
        }}
      />
    </PageLayout>
  );
}
