import { AccountType, grantableAccountTypes, type ManageRefusal, manageRefusal } from '@lodestar/domain';
import { useFunctionSet, useSession } from '../../store/session.ts';

/** Why the signed-in account may not manage a listed one: the server's rule (packages/domain roles.ts), or itself. */
export type RowLock = ManageRefusal | 'self';

// A session stored before the account type was kept ranks lowest: the server decides anyway, the console only hides.
const useMyAccountType = () => useSession((s) => s.accountType) ?? AccountType.Installer;

/** The lock of each row, null for the rows the user page may offer to edit, reset, grant or remove. */
export function useRowLock(): (u: { UserID: number; AccountType: number; Funs: number[] }) => RowLock | null {
  const me = useSession((s) => s.userId);
  const accountType = useMyAccountType();
  const funs = useFunctionSet();
  return (u) =>
    u.UserID === me ? 'self' : manageRefusal({ accountType, funs }, { accountType: u.AccountType, funs: u.Funs });
}

/** The account types the signed-in account may give: none above its own. */
export const useGrantableAccountTypes = () => grantableAccountTypes(useMyAccountType());
