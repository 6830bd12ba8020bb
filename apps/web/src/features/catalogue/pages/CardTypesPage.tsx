import type { CardTypeRow } from '@lodestar/contract/catalogue';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/CrudPage.tsx';
import {
  type AddCardTypeInput,
  addCardType,
  type CardTypeFilters,
  type CardTypeSortColumn,
  cardTypeListKey,
  getCardTypeList,
  modifyCardType,
  removeCardType,
} from '../api/card-types.ts';
import { exportCardTypeList } from '../api/exports.ts';
import { CATALOGUE_KEY } from '../api/query.ts';
import { OperatorSelect } from '../components/OperatorSelect.tsx';
import { nameRules, remarkRules } from '../components/rules.ts';

/** account/card: card types (function 19); a card type without a carrier fits any carrier. */
export default function CardTypesPage() {
  const { t } = useTranslation('catalogue');
  return (
    <CrudPage<CardTypeRow, CardTypeFilters, AddCardTypeInput, CardTypeSortColumn>
      title={t('menu:simCardTypes')}
      tableId="catalogue.cardTypes"
      queryKey={cardTypeListKey}
      refreshKey={CATALOGUE_KEY}
      fetchList={getCardTypeList}
      initialFilters={{ CardTypeName: '', OperatorID: 0 }}
      filterFields={
        <>
          <Form.Item name="CardTypeName" label={t('cardType.name')}>
            <Input allowClear placeholder={t('cardType.name')} />
          </Form.Item>
          <Form.Item name="OperatorID" label={t('carrier.title')}>
            <OperatorSelect zeroLabel={t('allCarriers')} />
          </Form.Item>
        </>
      }
      rowKey="CardTypeID"
      exportList={exportCardTypeList}
      sortColumn="CreateTime"
      columns={[
        { key: 'CardTypeName', dataIndex: 'CardTypeName', title: t('cardType.name'), width: 200, sortable: true },
        {
          key: 'OperatorName',
          dataIndex: 'OperatorName',
          title: t('carrier.title'),
          width: 160,
          sortable: true,
          render: (name: string, row) => (row.OperatorID ? name : <span className="muted">{t('anyCarrier')}</span>),
        },
        { key: 'Remark', dataIndex: 'Remark', title: t('remark'), width: 220, ellipsis: true },
        { key: 'HoldName', dataIndex: 'HoldName', title: t('owner'), width: 160 },
        { key: 'CreateTime', dataIndex: 'CreateTime', title: t('createTime'), width: 180, sortable: true },
      ]}
      rowName={(r) => r.CardTypeName}
      addTitle={t('cardType.add')}
      editTitle={t('cardType.edit')}
      newValues={{ CardTypeName: '', OperatorID: 0, Remark: '' }}
      toValues={(r) => ({ CardTypeName: r.CardTypeName, OperatorID: r.OperatorID ?? 0, Remark: r.Remark })}
      formFields={
        <>
          <Form.Item name="CardTypeName" label={t('cardType.name')} rules={nameRules(t)}>
            <Input maxLength={64} autoFocus />
          </Form.Item>
          <Form.Item name="OperatorID" label={t('carrier.title')} extra={t('cardType.anyHint')}>
            <OperatorSelect zeroLabel={t('anyCarrier')} />
          </Form.Item>
          <Form.Item name="Remark" label={t('remark')} rules={remarkRules(t)}>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </>
      }
      save={(v, row) => {
        const body = { ...v, OperatorID: v.OperatorID ?? 0 };
        return row ? modifyCardType({ ...body, CardTypeID: row.CardTypeID }) : addCardType(body);
      }}
      remove={(row) => removeCardType(row.CardTypeID)}
    />
  );
}
