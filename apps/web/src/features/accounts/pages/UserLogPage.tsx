import OperationLogPage from './OperationLogPage.tsx';

/** /userlog: the GPS console's operation log (80), the same page as the SIM console's /log. */
export default function UserLogPage() {
  return <OperationLogPage titleKey="menu:userLog" />;
}
