import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../api/query-client';
import { userInfoQueryOptions } from '../../api/query-options';
import { guardRoute } from '../../app/route-guard';
import { ProfileScreen } from '../../features/profile/profile-screen';

export const Route = createFileRoute('/_authenticated/user-profile')({
  beforeLoad: guardRoute('user-profile'),
  loader: () => queryClient.ensureQueryData(userInfoQueryOptions()),
  component: ProfilePage,
});

function ProfilePage() {
  const { data } = useSuspenseQuery(userInfoQueryOptions());
  return <ProfileScreen user={data} />;
}
