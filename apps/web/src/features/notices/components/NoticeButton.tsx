import '../notices.css';
import { BellOutlined } from '@ant-design/icons';
import { Fn } from '@lodestar/domain';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFunctionSet } from '../../../store/session.ts';
import { useUnreadCount } from '../api/notices.ts';

/** The header's bell: unread notices (refreshed every minute and after marking read); a click opens /message. */
export function NoticeButton() {
  const { t } = useTranslation('notices');
  const visible = useFunctionSet().has(Fn.simMessage);
  const unread = useUnreadCount(visible);
  const navigate = useNavigate();
  if (!visible) return null;
  const n = unread.data ?? 0;
  const label = t('bell', { count: n });
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className="plain-button header-tool notice-bell"
        data-count={n}
        data-testid="notice-bell"
        aria-label={label}
        onClick={() => navigate('/message')}
      >
        <Badge count={n} size="small" overflowCount={99} offset={[4, -2]}>
          <BellOutlined className="notice-bell-icon" />
        </Badge>
      </button>
    </Tooltip>
  );
}
