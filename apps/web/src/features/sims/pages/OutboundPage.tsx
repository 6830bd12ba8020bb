import '../sims.css';
import { SendOutlined } from '@ant-design/icons';
import type { SimFilterInput, SimRow, SimSortColumn } from '@lodestar/contract/sims';
import { SIM_RULES, SimState } from '@lodestar/domain';
import { App, Button, Card, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useLeftHold } from '../../holds/api/get-left-hold.ts';
import { findHoldName, HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { getSimList, simListRoot } from '../api/get-sim-list.ts';
import { type OutboundInput, useOutbound } from '../api/outbound.ts';
import { SimDetailDrawer } from '../components/SimDetailDrawer.tsx';
import { SimFilterBar } from '../components/SimFilterBar.tsx';
import { simColumns } from '../components/sim-columns.tsx';
import { iccidRangeProblem } from '../format.ts';

type Mode = 'pick' | 'range';

interface ShipValues {
  HoldID?: number;
  ICCIDFrom?: string;
  ICCIDTo?: string;
  Remark?: string;
}

const STOCK: SimFilterInput = { State: SimState.InStock };

/** manage/outbound (fn 10): SIMs in stock, picked or by ICCID range, shipped to a customer unit. */
export default function OutboundPage() {
  const { t } = useTranslation('sims');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ShipValues>();
  const [mode, setMode] = useState<Mode>('pick');
  const [filters, setFilters] = useState<SimFilterInput>(STOCK);
  const [selected, setSelected] = useState<SimRow[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const holds = useLeftHold('');
  const ship = useOutbound();

  const list = useServerList(simListRoot, getSimList, filters, { sortColumn: 'ICCID', sortType: 'asc' });

  function confirmShip(v: ShipValues) {
    if (v.HoldID === undefined) return;
    const hold = findHoldName(holds.data, v.HoldID) ?? String(v.HoldID);
    const body: OutboundInput = { HoldID: v.HoldID, Remark: v.Remark?.trim() || undefined };
    if (mode === 'pick') {
      if (selected.length === 0) {
        void message.warning(t('outbound.noneSelected'));
        return;
      }
      body.SimIDs = selected.map((s) => s.SimID);
    } else {
      body.ICCIDFrom = v.ICCIDFrom?.trim();
      body.ICCIDTo = v.ICCIDTo?.trim();
    }
    modal.confirm({
      title: t('outbound.confirmTitle'),
      content:
        mode === 'pick'
          ? t('outbound.confirmIds', { count: selected.length, hold })
          : t('outbound.confirmRange', { from: body.ICCIDFrom, to: body.ICCIDTo, hold }),
      okText: t('outbound.ship'),
      okButtonProps: { 'data-testid': 'outbound-confirm' },
      onOk: async () => {
        try {
          const { Count } = await ship.mutateAsync(body);
          void message.success(t('outbound.done', { count: Count, hold }));
          setSelected([]);
          form.resetFields(['ICCIDFrom', 'ICCIDTo', 'Remark']);
        } catch {
          // the api client has shown the server's message (for example the refused ICCIDs)
        }
      },
    });
  }

  return (
    <PageLayout title={t('menu:simOutbound')}>
      <Card className="sim-block">
        <Segmented<Mode>
          className="sim-block"
          data-testid="outbound-mode"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'pick', label: t('outbound.pick') },
            { value: 'range', label: t('outbound.range') },
          ]}
        />
        <Form<ShipValues>
          form={form}
          name="outbound"
          layout="vertical"
          onFinish={confirmShip}
          className="outbound-form"
        >
          {mode === 'range' ? (
            <div className="import-selects">
              <Form.Item
                name="ICCIDFrom"
                label={t('outbound.from')}
                rules={[{ required: true, whitespace: true, message: t('outbound.fromRequired') }]}
              >
                <Input className="sim-mono" maxLength={20} data-testid="outbound-from" />
              </Form.Item>
              <Form.Item
                name="ICCIDTo"
                label={t('outbound.to')}
                dependencies={['ICCIDFrom']}
                rules={[
                  { required: true, whitespace: true, message: t('outbound.toRequired') },
                  ({ getFieldValue }) => ({
                    validator: async (_r, to: string | undefined) => {
                      const from = (getFieldValue('ICCIDFrom') as string | undefined)?.trim();
                      if (!from || !to?.trim()) return;
                      const problem = iccidRangeProblem(from, to.trim());
                      if (problem) throw new Error(t(`outbound.range_${problem}`));
                    },
                  }),
                ]}
              >
                <Input className="sim-mono" maxLength={20} data-testid="outbound-to" />
              </Form.Item>
            </div>
          ) : null}
          <div className="import-selects">
            <Form.Item
              name="HoldID"
              label={t('outbound.customer')}
              rules={[{ required: true, message: t('outbound.customerRequired') }]}
            >
              <HoldTreeSelect data-testid="outbound-hold" placeholder={t('outbound.customerPlaceholder')} />
            </Form.Item>
            <Form.Item name="Remark" label={t('field.remark')} rules={[{ max: 200 }]}>
              <Input maxLength={200} data-testid="outbound-remark" />
            </Form.Item>
          </div>
          <Form.Item className="outbound-actions">
            <Button
              type="primary"
              htmlType="submit"
              icon={<SendOutlined />}
              loading={ship.isPending}
              data-testid="outbound-submit"
            >
              {mode === 'range'
                ? t('outbound.shipRange')
                : selected.length > 0
                  ? t('outbound.shipSelected', { count: selected.length })
                  : t('outbound.shipNone')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {mode === 'pick' ? (
        <Card title={t('outbound.stockTitle')} data-testid="outbound-stock">
          <SimFilterBar compact value={filters} resetTo={STOCK} onChange={setFilters} />
          <PagedTable<SimRow, unknown, SimSortColumn>
            id="sims-outbound"
            list={list}
            rowKey="SimID"
            columns={simColumns(t, (row) => setDetailId(row.SimID))}
            rowSelection={{
              fixed: true,
              selectedRowKeys: selected.map((r) => r.SimID),
              preserveSelectedRowKeys: true,
              onChange: (_keys, rows) => {
                const picked = rows.filter(Boolean);
                if (picked.length > SIM_RULES.outboundMax)
                  void message.warning(t('outbound.max', { max: SIM_RULES.outboundMax }));
                setSelected(picked.slice(0, SIM_RULES.outboundMax));
              },
              getCheckboxProps: (row) => ({ disabled: Boolean(row.PendingWorkID) || row.State === SimState.Cancelled }),
            }}
          />
        </Card>
      ) : null}
      <SimDetailDrawer simId={detailId} onClose={() => setDetailId(null)} />
    </PageLayout>
  );
}
