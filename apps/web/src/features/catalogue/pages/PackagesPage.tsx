import type { PackageRow } from '@lodestar/contract/catalogue';
import { formatFen, parseYuanToFen } from '@lodestar/domain';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/CrudPage.tsx';
import { exportPackageList } from '../api/exports.ts';
import {
  addPackage,
  getPackageList,
  modifyPackage,
  type PackageFilters,
  type PackageSortColumn,
  packageListKey,
  removePackage,
} from '../api/packages.ts';
import { CATALOGUE_KEY } from '../api/query.ts';
import { OperatorSelect } from '../components/OperatorSelect.tsx';
import { integerRules, nameRules, priceRules, remarkRules, requiredRule } from '../components/rules.ts';

/** The package form: the price is typed in yuan and sent as integer fen. */
interface PackageForm {
  PackageName: string;
  OperatorID?: number;
  PeriodMonths: number;
  DataMB: number;
  SmsCount: number;
  PriceYuan: string;
  Remark: string;
}

const toBody = (v: PackageForm) => {
  const { PriceYuan, ...rest } = v;
  // priceRules has already refused anything parseYuanToFen cannot read.
  return { ...rest, OperatorID: v.OperatorID ?? 0, PriceFen: parseYuanToFen(PriceYuan) ?? 0 };
};

/** account/package: packages (function 18), prices shown and typed in yuan, stored in fen. */
export default function PackagesPage() {
  const { t } = useTranslation('catalogue');
  return (
    <CrudPage<PackageRow, PackageFilters, PackageForm, PackageSortColumn>
      title={t('menu:simPackages')}
      tableId="catalogue.packages"
      queryKey={packageListKey}
      refreshKey={CATALOGUE_KEY}
      fetchList={getPackageList}
      initialFilters={{ PackageName: '', OperatorID: 0 }}
      filterFields={
        <>
          <Form.Item name="PackageName" label={t('package.name')}>
            <Input allowClear placeholder={t('package.name')} />
          </Form.Item>
          <Form.Item name="OperatorID" label={t('carrier.title')}>
            <OperatorSelect zeroLabel={t('allCarriers')} />
          </Form.Item>
        </>
      }
      rowKey="PackageID"
      exportList={exportPackageList}
      sortColumn="CreateTime"
      columns={[
        { key: 'PackageName', dataIndex: 'PackageName', title: t('package.name'), width: 160, sortable: true },
        { key: 'OperatorName', dataIndex: 'OperatorName', title: t('carrier.title'), width: 120, sortable: true },
        {
          key: 'PeriodMonths',
          dataIndex: 'PeriodMonths',
          title: t('package.period'),
          width: 90,
          align: 'right',
          sortable: true,
        },
        { key: 'DataMB', dataIndex: 'DataMB', title: t('package.data'), width: 110, align: 'right' },
        { key: 'SmsCount', dataIndex: 'SmsCount', title: t('package.sms'), width: 80, align: 'right' },
        {
          key: 'PriceFen',
          dataIndex: 'PriceFen',
          title: t('package.price'),
          width: 120,
          align: 'right',
          sortable: true,
          render: (fen: number) => <span className="money">{formatFen(fen)}</span>,
        },
        { key: 'Remark', dataIndex: 'Remark', title: t('remark'), width: 150, ellipsis: true },
        { key: 'HoldName', dataIndex: 'HoldName', title: t('owner'), width: 140 },
        { key: 'CreateTime', dataIndex: 'CreateTime', title: t('createTime'), width: 180, sortable: true },
      ]}
      rowName={(r) => r.PackageName}
      addTitle={t('package.add')}
      editTitle={t('package.edit')}
      newValues={{ PackageName: '', PeriodMonths: 12, DataMB: 0, SmsCount: 0, PriceYuan: '', Remark: '' }}
      toValues={(r) => ({
        PackageName: r.PackageName,
        OperatorID: r.OperatorID,
        PeriodMonths: r.PeriodMonths,
        DataMB: r.DataMB,
        SmsCount: r.SmsCount,
        PriceYuan: formatFen(r.PriceFen),
        Remark: r.Remark,
      })}
      formFields={
        <>
          <Form.Item name="PackageName" label={t('package.name')} rules={nameRules(t)}>
            <Input maxLength={64} autoFocus />
          </Form.Item>
          <Form.Item name="OperatorID" label={t('carrier.title')} rules={[requiredRule(t, 'rule.carrierRequired')]}>
            <OperatorSelect />
          </Form.Item>
          <Form.Item name="PeriodMonths" label={t('package.periodMonths')} rules={integerRules(t, 1, 60)}>
            <InputNumber min={1} max={60} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="DataMB" label={t('package.dataMB')} rules={integerRules(t, 0, 2_000_000_000)}>
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="SmsCount" label={t('package.smsCount')} rules={integerRules(t, 0, 2_000_000_000)}>
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="PriceYuan" label={t('package.priceYuan')} rules={priceRules(t)}>
            <Input prefix="¥" inputMode="decimal" placeholder="0.00" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="Remark" label={t('remark')} rules={remarkRules(t)}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </>
      }
      save={(v, row) => (row ? modifyPackage({ ...toBody(v), PackageID: row.PackageID }) : addPackage(toBody(v)))}
      remove={(row) => removePackage(row.PackageID)}
    />
  );
}
