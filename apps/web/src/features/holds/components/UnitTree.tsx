import { Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../store/session.ts';
import { type HoldNode, useLeftHold } from '../api/get-left-hold.ts';
import { holdIcon, holdTypeKey } from './hold-icons.tsx';

interface UnitNode extends TreeDataNode {
  hold: HoldNode;
}

function toTree(nodes: readonly HoldNode[], t: (k: string) => string): UnitNode[] {
  return nodes.map((hold) => {
    const children = hold.Children?.length ? toTree(hold.Children, t) : undefined;
    return {
      key: hold.HoldID,
      hold,
      title: <span title={t(holdTypeKey(hold.HoldType))}>{hold.HoldName}</span>,
      icon: holdIcon(hold.HoldType),
      isLeaf: !children,
      children,
    };
  });
}

const keysWithChildren = (nodes: readonly UnitNode[]): number[] =>
  nodes.flatMap((n) => (n.children?.length ? [n.hold.HoldID, ...keysWithChildren(n.children as UnitNode[])] : []));

/** The organisation tree (`Hold/GetLeftHold`); searching asks the server by HoldName; a click sets the current unit. */
export function UnitTree() {
  const { t } = useTranslation('shell');
  const [search, setSearch] = useState('');
  const { data, isLoading, isFetching } = useLeftHold(search);
  const currentHoldId = useSession((s) => s.currentHoldId);
  const setCurrentHold = useSession((s) => s.setCurrentHold);
  const treeData = useMemo(() => toTree(data ?? [], t), [data, t]);
  const [expanded, setExpanded] = useState<React.Key[]>([]);

  useEffect(() => {
    // A search shows every match with its ancestors; otherwise open the top level.
    setExpanded(search ? keysWithChildren(treeData) : treeData.map((n) => n.hold.HoldID));
  }, [treeData, search]);

  return (
    <div className="unit-tree">
      <Input.Search
        allowClear
        placeholder={t('searchUnit')}
        onSearch={(value) => setSearch(value.trim())}
        loading={isFetching && !isLoading}
        className="unit-search"
      />
      {isLoading ? (
        <div className="unit-tree-state">
          <Spin description={t('common:loading')} />
        </div>
      ) : treeData.length === 0 ? (
        <Empty className="unit-tree-state" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />
      ) : (
        <Tree<UnitNode>
          showIcon
          blockNode
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={setExpanded}
          selectedKeys={currentHoldId === null ? [] : [currentHoldId]}
          onSelect={(_keys, { node }) =>
            setCurrentHold(node.hold.HoldID, node.hold.HoldName, Boolean(node.hold.Children?.length))
          }
        />
      )}
    </div>
  );
}
