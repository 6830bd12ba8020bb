import { firstPath, type Workspace } from '@lodestar/domain';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { visibleMenu } from '../router/menu.ts';
import { useFunctionSet, useSession } from '../store/session.ts';
import { useWorkspace } from './use-workspace.ts';

/** Tracking ⇄ SIM administration; shown only when the user has entries in both. */
export function WorkspaceSwitch() {
  const { t } = useTranslation('shell');
  const { current, available } = useWorkspace();
  const funs = useFunctionSet();
  const setWorkspace = useSession((s) => s.setWorkspace);
  const navigate = useNavigate();
  if (available.length < 2 || !current) return null;
  const onChange = (ws: Workspace) => {
    setWorkspace(ws);
    navigate(firstPath(visibleMenu(ws, funs)) ?? '/user/info');
  };
  return (
    <Segmented<Workspace>
      className="workspace-switch"
      value={current}
      onChange={onChange}
      options={available.map((ws) => ({ value: ws, label: t(`workspace.${ws}`) }))}
    />
  );
}
