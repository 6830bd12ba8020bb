import '../bulletins.css';
import { NotificationOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentBulletins } from '../api/bulletins.ts';

/**
 * The header's notice bell for every user (the SIM bell beside it needs function 5): the current notices not yet
 * read, a click opens the user's own notice list.
 */
export function BulletinBell() {
  const { t } = useTranslation('bulletins');
  const current = useCurrentBulletins();
  const n = (current.data ?? []).filter((c) => !c.Read).length;
  const label = t('mine.bell', { count: n });
  return (
    <Tooltip title={label}>
      <Link
        to="/user/notice"
        className="header-tool header-link bulletin-bell"
        data-count={n}
        data-testid="bulletin-bell"
        aria-label={label}
      >
        <Badge count={n} size="small" overflowCount={99} offset={[4, -2]}>
          <NotificationOutlined className="bulletin-bell-icon" />
        </Badge>
      </Link>
    </Tooltip>
  );
}
