import type { OperatorRow } from '@lodestar/contract/catalogue';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/CrudPage.tsx';
import { exportOperatorList } from '../api/exports.ts';
import {
  type AddOperatorInput,
  addOperator,
  getOperatorList,
  modifyOperator,
  type OperatorFilters,
  type OperatorSortColumn,
  operatorListKey,
  removeOperator,
} from '../api/operators.ts';
import { CATALOGUE_KEY } from '../api/query.ts';
import { nameRules, remarkRules } from '../components/rules.ts';

/** account/isp: carriers (function 16). */
export default function CarriersPage() {
  const { t } = useTranslation('catalogue');
  return (
    <CrudPage<OperatorRow, OperatorFilters, AddOperatorInput, OperatorSortColumn>
      title={t('menu:simCarriers')}
      tableId="catalogue.carriers"
      queryKey={operatorListKey}
      refreshKey={CATALOGUE_KEY}
      fetchList={getOperatorList}
      initialFilters={{ OperatorName: '' }}
      filterFields={
        <Form.Item name="OperatorName" label={t('carrier.name')}>
          <Input allowClear placeholder={t('carrier.name')} />
        </Form.Item>
      }
      rowKey="OperatorID"
      exportList={exportOperatorList}
      sortColumn="CreateTime"
      columns={[
        { key: 'OperatorName', dataIndex: 'OperatorName', title: t('carrier.name'), width: 180, sortable: true },
        { key: 'Remark', dataIndex: 'Remark', title: t('remark'), width: 200, ellipsis: true },
        { key: 'HoldName', dataIndex: 'HoldName', title: t('owner'), width: 150 },
        { key: 'CreateTime', dataIndex: 'CreateTime', title: t('createTime'), width: 180, sortable: true },
      ]}
      rowName={(r) => r.OperatorName}
      addTitle={t('carrier.add')}
      editTitle={t('carrier.edit')}
      newValues={{ OperatorName: '', Remark: '' }}
      toValues={(r) => ({ OperatorName: r.OperatorName, Remark: r.Remark })}
      formFields={
        <>
          <Form.Item name="OperatorName" label={t('carrier.name')} rules={nameRules(t)}>
            <Input maxLength={64} autoFocus />
          </Form.Item>
          <Form.Item name="Remark" label={t('remark')} rules={remarkRules(t)}>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </>
      }
      save={(v, row) => (row ? modifyOperator({ ...v, OperatorID: row.OperatorID }) : addOperator(v))}
      remove={(row) => removeOperator(row.OperatorID)}
    />
  );
}
