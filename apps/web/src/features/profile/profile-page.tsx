// /dashboard/profile (spec §2 "My Profile", §4, §5, §8): four cards, view mode by default; Edit
// Profile switches to edit mode, Save or Cancel (which resets the form) return to view mode.
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { formatPhoneForReading } from '@kurir/core/phone-format';
import { IconDeviceFloppy, IconPackage, IconUserEdit, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { AccountInformationCard } from './account-information-card';
import { ChannelField, LockedField, ProfileTextField } from './profile-fields';
import { useProfileEditor, type ProfileEditor } from './use-profile-editor';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card padding="lg" component="section" aria-labelledby={id}>
      <Title id={id} order={2} fz="lg" mb="md">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

const productsLink = (text: string) => (
  <Anchor component={Link} to="/dashboard/products" fz="xs">
    {text}
  </Anchor>
);

export function ProfilePage() {
  const user = useSignedInUser();
  const profile = useProfileEditor(user);
  const ctx = profile.fields;

  // Edit Profile and Save/Cancel replace each other, so the focus would fall to the page's body:
  // entering edit mode moves it to the first field, leaving it back to Edit Profile.
  const formRef = useRef<HTMLFormElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(profile.editing);
  useEffect(() => {
    if (wasEditing.current === profile.editing) return;
    wasEditing.current = profile.editing;
    if (profile.editing) formRef.current?.querySelector<HTMLElement>('input:not([readonly]):not([disabled])')?.focus();
    else editButton.current?.focus();
  }, [profile.editing]);

  return (
    <form ref={formRef} onSubmit={profile.submit} noValidate>
      <Stack gap="lg" maw={1100}>
        <PageHeader title="My Profile" description="Your personal and business details." actions={<ProfileActions profile={profile} editButton={editButton} />} />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section id="personal-heading" title="Personal Information">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <ProfileTextField ctx={ctx} name="first_name" label="First name" autoComplete="given-name" />
              <ProfileTextField ctx={ctx} name="last_name" label="Last name" autoComplete="family-name" />
            </SimpleGrid>
            <ProfileTextField ctx={ctx} name="email" label="Email" type="email" autoComplete="email" />
            <LockedField label="Phone number" value={formatPhoneForReading(user.phone)} description="Your sign-in number; it cannot be changed." />
          </Section>

          <Section id="settings-heading" title="Account Settings">
            <LockedField
              label="Sender name"
              value={ctx.values.sender_name}
              description={<>Recipients see this as the sender. Want your own brand? {productsLink('Get a Custom Sender Name')}</>}
            />
            <ChannelField
              ctx={ctx}
              viberEnabled={user.features.viber}
              description={user.features.viber ? 'The channel the Send page starts with.' : <>Viber needs the Viber service. {productsLink('View Products')}</>}
            />
            <Button component={Link} to="/dashboard/products" variant="light" leftSection={<IconPackage size={16} aria-hidden />} mt="xs">
              Manage services
            </Button>
          </Section>

          <Section id="business-heading" title="Business Information">
            <ProfileTextField ctx={ctx} name="company_name" label="Company name" autoComplete="organization" />
            <ProfileTextField ctx={ctx} name="tax_id" label="Tax ID" />
            <ProfileTextField ctx={ctx} name="address" label="Address" autoComplete="street-address" />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <ProfileTextField ctx={ctx} name="city" label="City" autoComplete="address-level2" />
              <ProfileTextField ctx={ctx} name="zip_code" label="ZIP code" autoComplete="postal-code" />
              <ProfileTextField ctx={ctx} name="country" label="Country" autoComplete="country-name" />
            </SimpleGrid>
          </Section>

          <AccountInformationCard user={user} />
        </SimpleGrid>

        {profile.editing && (
          <Group justify="flex-end">
            <ProfileActions profile={profile} />
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** Edit Profile in view mode; Cancel and Save while editing (shown above and below the cards). */
function ProfileActions({ profile, editButton }: { profile: ProfileEditor; editButton?: React.Ref<HTMLButtonElement> }) {
  if (!profile.editing) {
    return (
      <Button ref={editButton} leftSection={<IconUserEdit size={16} aria-hidden />} onClick={profile.start}>
        Edit Profile
      </Button>
    );
  }
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={profile.cancel} disabled={profile.saving}>
        Cancel
      </Button>
      <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={profile.saving} disabled={!profile.ready}>
        Save
      </Button>
    </Group>
  );
}
