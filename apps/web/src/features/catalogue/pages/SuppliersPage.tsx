import type { SupplierRow } from '@lodestar/contract/catalogue';
import { EMAIL_RE, Fn, PHONE_RE } from '@lodestar/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrudPage } from '../../../components/CrudPage.tsx';
import { useSession } from '../../../store/session.ts';
import { exportSupplierList } from '../api/exports.ts';
import { CATALOGUE_KEY } from '../api/query.ts';
import {
  type AddSupplierInput,
  addSupplier,
  getSupplierList,
  modifySupplier,
  removeSupplier,
  type SupplierFilters,
  type SupplierSortColumn,
  supplierListKey,
} from '../api/suppliers.ts';
import { OperatorSelect } from '../components/OperatorSelect.tsx';
import { nameRules, remarkRules, requiredRule } from '../components/rules.ts';

/** account/supplier: suppliers (function 17) with their carrier and how many SIMs came from them. */
export default function SuppliersPage() {
  const { t } = useTranslation('catalogue');
  const canOpenSims = useSession((s) => s.loginInfo.allFuns.includes(Fn.simBusiness));
  return (
    <CrudPage<SupplierRow, SupplierFilters, AddSupplierInput, SupplierSortColumn>
      title={t('menu:simSuppliers')}
      tableId="catalogue.suppliers"
      queryKey={supplierListKey}
      refreshKey={CATALOGUE_KEY}
      fetchList={getSupplierList}
      initialFilters={{ SupplierName: '', OperatorID: 0 }}
      filterFields={
        <>
          <Form.Item name="OperatorID" label={t('carrier.title')}>
            <OperatorSelect zeroLabel={t('allCarriers')} />
          </Form.Item>
          <Form.Item name="SupplierName" label={t('supplier.name')}>
            <Input allowClear placeholder={t('supplier.name')} />
          </Form.Item>
        </>
      }
      rowKey="SupplierID"
      exportList={exportSupplierList}
      sortColumn="CreateTime"
      columns={[
        { key: 'SupplierName', dataIndex: 'SupplierName', title: t('supplier.name'), width: 180, sortable: true },
        { key: 'OperatorName', dataIndex: 'OperatorName', title: t('carrier.title'), width: 130, sortable: true },
        { key: 'Contact', dataIndex: 'Contact', title: t('supplier.contact'), width: 120 },
        { key: 'Phone', dataIndex: 'Phone', title: t('supplier.phone'), width: 140 },
        { key: 'Email', dataIndex: 'Email', title: t('supplier.email'), width: 180, ellipsis: true },
        {
          key: 'SimCount',
          dataIndex: 'SimCount',
          title: t('supplier.simCount'),
          width: 110,
          align: 'right',
          sortable: true,
          render: (n: number, row) =>
            canOpenSims && n > 0 ? <Link to={`/manage/sim?SupplierID=${row.SupplierID}`}>{n}</Link> : n,
        },
        { key: 'Remark', dataIndex: 'Remark', title: t('remark'), width: 160, ellipsis: true },
        { key: 'CreateTime', dataIndex: 'CreateTime', title: t('createTime'), width: 180, sortable: true },
      ]}
      rowName={(r) => r.SupplierName}
      addTitle={t('supplier.add')}
      editTitle={t('supplier.edit')}
      newValues={{ SupplierName: '', Contact: '', Phone: '', Email: '', Remark: '' }}
      toValues={(r) => ({
        SupplierName: r.SupplierName,
        OperatorID: r.OperatorID,
        Contact: r.Contact,
        Phone: r.Phone,
        Email: r.Email,
        Remark: r.Remark,
      })}
      formFields={
        <>
          <Form.Item name="SupplierName" label={t('supplier.name')} rules={nameRules(t)}>
            <Input maxLength={64} autoFocus />
          </Form.Item>
          <Form.Item name="OperatorID" label={t('carrier.title')} rules={[requiredRule(t, 'rule.carrierRequired')]}>
            <OperatorSelect />
          </Form.Item>
          <Form.Item
            name="Contact"
            label={t('supplier.contact')}
            rules={[{ max: 32, message: t('rule.max', { max: 32 }) }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="Phone" label={t('supplier.phone')} rules={[{ pattern: PHONE_RE, message: t('rule.phone') }]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="Email" label={t('supplier.email')} rules={[{ pattern: EMAIL_RE, message: t('rule.email') }]}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="Remark" label={t('remark')} rules={remarkRules(t)}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </>
      }
      save={(v, row) => (row ? modifySupplier({ ...v, SupplierID: row.SupplierID }) : addSupplier(v))}
      remove={(row) => removeSupplier(row.SupplierID)}
    />
  );
}
