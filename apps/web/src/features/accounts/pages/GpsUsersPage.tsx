import { UsersList } from './UsersPage.tsx';

/** /info/user: the GPS workspace's users, the same accounts and list as the SIM console's account/user. */
export default function GpsUsersPage() {
  return <UsersList titleKey="menu:user" permissionsInDialog />;
}
