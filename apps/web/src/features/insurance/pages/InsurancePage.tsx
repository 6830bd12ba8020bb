import {
  Fn,
  formatFen,
  INSURANCE_STATES,
  INSURANCE_TYPES,
  type InsuranceState,
  parseYuanToFen,
} from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CrudPage } from '../../../components/CrudPage.tsx';
import { useFunctionSet } from '../../../store/session.ts';
import {
  addPolicy,
  exportPolicyList,
  getPolicyList,
  INSURANCE_KEY,
  modifyPolicy,
  type PolicyFilters,
  type PolicyRow,
  type PolicySortColumn,
  policyListKey,
  removePolicy,
} from '../api/insurance.ts';
import { AttachmentCell } from '../components/AttachmentCell.tsx';
import { VehicleSelect } from '../components/VehicleSelect.tsx';

interface PolicyForm {
  VehicleID: number;
  Insurer: string;
  PolicyNo: string;
  PolicyType: PolicyRow['PolicyType'];
  PremiumYuan: string;
  StartDate: Dayjs;
  EndDate: Dayjs;
  Remark: string;
}

const STATE_COLOUR: Record<InsuranceState, string> = {
  active: 'green',
  expiring: 'orange',
  expired: 'red',
  pending: 'blue',
};

const toBody = (v: PolicyForm) => ({
  VehicleID: v.VehicleID,
  Insurer: v.Insurer.trim(),
  PolicyNo: v.PolicyNo.trim(),
  PolicyType: v.PolicyType,
  Premium: parseYuanToFen(v.PremiumYuan) ?? 0,
  StartDate: v.StartDate.format('YYYY-MM-DD'),
  EndDate: v.EndDate.format('YYYY-MM-DD'),
  Remark: v.Remark ?? '',
});

/** /insurance: vehicles' insurance policies (84 reads, 163 writes), expiring and expired at a glance. */
export default function InsurancePage() {
  const { t } = useTranslation('insurance');
  const [params] = useSearchParams();
  const client = useQueryClient();
  const canWrite = useFunctionSet().has(Fn.policyManage);
  const state = params.get('State');
  const initial: PolicyFilters = {
    Keyword: '',
    ...(INSURANCE_STATES.includes(state as InsuranceState) ? { State: state as InsuranceState } : {}),
  };
  return (
    <CrudPage<PolicyRow, PolicyFilters, PolicyForm, PolicySortColumn>
      key={state ?? ''}
      title={t('title')}
      tableId="insurance.policies"
      queryKey={policyListKey}
      refreshKey={INSURANCE_KEY}
      fetchList={getPolicyList}
      initialFilters={initial}
      readOnly={!canWrite}
      filterFields={
        <>
          <Form.Item name="Keyword" label={t('keyword')}>
            <Input allowClear placeholder={t('keywordHint')} maxLength={40} />
          </Form.Item>
          <Form.Item name="PolicyType" label={t('type')}>
            <Select
              allowClear
              placeholder={t('all')}
              style={{ width: 160 }}
              options={INSURANCE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="State" label={t('state')}>
            <Select
              allowClear
              placeholder={t('all')}
              style={{ width: 140 }}
              data-testid="policy-state-filter"
              options={INSURANCE_STATES.map((v) => ({ value: v, label: t(`states.${v}`) }))}
            />
          </Form.Item>
        </>
      }
      rowKey="PolicyID"
      exportList={exportPolicyList}
      sortColumn="EndDate"
      columns={[
        // At 1440 px the plate (pinned), state, end date, insurer and policy number stay in view beside the pinned
        // actions; the rest waits behind the horizontal scroll (e2e/bulletins.test.ts checks it in zh, en and fr).
        { key: 'Plate', dataIndex: 'Plate', title: t('plate'), width: 110, sortable: true, fixed: 'left' },
        {
          key: 'State',
          dataIndex: 'State',
          title: t('state'),
          width: 150,
          render: (v: InsuranceState, row) => (
            <Tag color={STATE_COLOUR[v]}>
              {t(`states.${v}`)}
              {v === 'expiring' ? ` · ${t('daysLeft', { count: row.DaysLeft })}` : ''}
            </Tag>
          ),
        },
        { key: 'EndDate', dataIndex: 'EndDate', title: t('end'), width: 110, sortable: true },
        { key: 'Insurer', dataIndex: 'Insurer', title: t('insurer'), width: 150, ellipsis: true },
        { key: 'PolicyNo', dataIndex: 'PolicyNo', title: t('policyNo'), width: 160, ellipsis: true },
        {
          key: 'Premium',
          dataIndex: 'Premium',
          title: t('premium'),
          width: 110,
          align: 'right',
          sortable: true,
          render: (fen: number) => <span className="money">{formatFen(fen)}</span>,
        },
        {
          key: 'PolicyType',
          dataIndex: 'PolicyType',
          title: t('type'),
          width: 120,
          render: (v: PolicyRow['PolicyType']) => t(`types.${v}`),
        },
        {
          key: 'Attachment',
          dataIndex: 'Attachment',
          title: t('attachment'),
          width: 170,
          render: (_v: string, row) => (
            <AttachmentCell
              row={row}
              canWrite={canWrite}
              onUploaded={() => void client.invalidateQueries({ queryKey: INSURANCE_KEY })}
            />
          ),
        },
        { key: 'StartDate', dataIndex: 'StartDate', title: t('start'), width: 110, sortable: true },
        { key: 'HoldName', dataIndex: 'HoldName', title: t('unit'), width: 140, ellipsis: true },
        { key: 'Remark', dataIndex: 'Remark', title: t('remark'), width: 150, ellipsis: true },
      ]}
      rowName={(r) => `${r.Plate} ${r.PolicyNo}`}
      addTitle={t('add')}
      editTitle={t('edit')}
      newValues={{ PolicyType: 'commercial', PremiumYuan: '', Remark: '', StartDate: dayjs().startOf('day') }}
      toValues={(r) => ({
        VehicleID: r.VehicleID,
        Insurer: r.Insurer,
        PolicyNo: r.PolicyNo,
        PolicyType: r.PolicyType,
        PremiumYuan: formatFen(r.Premium),
        StartDate: dayjs(r.StartDate),
        EndDate: dayjs(r.EndDate),
        Remark: r.Remark,
      })}
      formFields={
        <>
          <Form.Item name="VehicleID" label={t('plate')} rules={[{ required: true, message: t('rule.vehicle') }]}>
            <VehicleSelect />
          </Form.Item>
          <Form.Item
            name="Insurer"
            label={t('insurer')}
            rules={[{ required: true, whitespace: true, message: t('rule.insurer') }]}
          >
            <Input maxLength={60} data-testid="policy-insurer" />
          </Form.Item>
          <Form.Item
            name="PolicyNo"
            label={t('policyNo')}
            rules={[
              { required: true, message: t('rule.policyNo') },
              { pattern: /^[0-9A-Za-z-]+$/, message: t('rule.policyNoChars') },
            ]}
          >
            <Input maxLength={40} data-testid="policy-no" />
          </Form.Item>
          <Form.Item name="PolicyType" label={t('type')} rules={[{ required: true }]}>
            <Select options={INSURANCE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          </Form.Item>
          <Form.Item
            name="PremiumYuan"
            label={t('premiumYuan')}
            rules={[
              { required: true, message: t('rule.premium') },
              {
                validator: async (_r, v: string) => {
                  if (v && parseYuanToFen(v) === null) throw new Error(t('rule.premium'));
                },
              },
            ]}
          >
            <Input
              prefix="¥"
              inputMode="decimal"
              placeholder="0.00"
              style={{ width: 180 }}
              data-testid="policy-premium"
            />
          </Form.Item>
          <Form.Item name="StartDate" label={t('start')} rules={[{ required: true, message: t('rule.start') }]}>
            <DatePicker allowClear={false} data-testid="policy-start" />
          </Form.Item>
          <Form.Item
            name="EndDate"
            label={t('end')}
            dependencies={['StartDate']}
            rules={[
              { required: true, message: t('rule.end') },
              ({ getFieldValue }) => ({
                validator: async (_r, v: Dayjs | undefined) => {
                  const start = getFieldValue('StartDate') as Dayjs | undefined;
                  if (v && start && v.isBefore(start, 'day')) throw new Error(t('rule.endBeforeStart'));
                },
              }),
            ]}
          >
            <DatePicker allowClear={false} data-testid="policy-end" />
          </Form.Item>
          <Form.Item name="Remark" label={t('remark')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </>
      }
      save={(v, row) => (row ? modifyPolicy({ ...toBody(v), PolicyID: row.PolicyID }) : addPolicy(toBody(v)))}
      remove={(row) => removePolicy(row.PolicyID)}
    />
  );
}
