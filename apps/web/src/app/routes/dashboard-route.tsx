// /dashboard composed from the features that own its cards: the app layer is the one place
// where features meet (bulletproof-react's rule), so none of them imports another.
import { BalanceCard } from '../../features/billing/balance-card';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { ServicesCard } from '../../features/products/services-card';
import { ProfileIncompleteBanner } from '../../features/profile/profile-incomplete-banner';
import { useSignedInUser } from '../../lib/session/signed-in-user';

export function DashboardRoute() {
  const user = useSignedInUser();
  return (
    <DashboardPage
      banner={<ProfileIncompleteBanner user={user} />}
      balance={<BalanceCard credit={user.credit} />}
      services={<ServicesCard />}
    />
  );
}
