// The profile page's two modes (spec §2, §8): view shows the user as it is now (refreshed every
// 15 s, it may change elsewhere); Edit Profile starts a form from it, validated by the core schema
// the server uses; Save sends it, Cancel drops it. The schema (and zod) loads when Edit Profile is
// pressed: most visits only read the profile.
import { useForm } from '@mantine/form';
import { useRef, useState, type FormEvent } from 'react';
import type { profileUpdateBodySchema, ProfileUpdate } from '@kurir/core/schemas/profile';
import { type User } from '@kurir/core/schemas/auth';
import { errorDetail } from '../../lib/api';
import type { schemaForm } from '../../lib/form';
import { useSingleSubmit } from '../../lib/single-submit';
import { toast } from '../../lib/toast';
import { useUpdateProfile } from './api/update-profile';
import type { FieldContext } from './profile-fields';
import { formValuesOf, type ProfileFormValues } from './profile-form';

type ProfileRules = ReturnType<typeof schemaForm<typeof profileUpdateBodySchema, ProfileFormValues>>;

async function loadProfileRules(): Promise<ProfileRules> {
  const [{ schemaForm }, { profileUpdateBodySchema }] = await Promise.all([import('../../lib/form'), import('@kurir/core/schemas/profile')]);
  return schemaForm(profileUpdateBodySchema, (values: ProfileFormValues) => values);
}

export function useProfileEditor(user: User) {
  const update = useUpdateProfile();
  const updateOnce = useSingleSubmit(update);
  const [editing, setEditing] = useState(false);
  const rules = useRef<ProfileRules | null>(null);
  const [rulesLoaded, setRulesLoaded] = useState(false);
  const form = useForm<ProfileFormValues, ProfileUpdate>({
    initialValues: formValuesOf(user),
    // Save waits for the rules to load (rulesLoaded), so these normally run with them.
    validate: (values) => rules.current?.validate(values) ?? {},
    transformValues: (values) => (rules.current ? rules.current.transformValues(values) : (values as ProfileUpdate)),
  });

  function start() {
    form.setValues(formValuesOf(user));
    form.clearErrors();
    setEditing(true);
    if (!rules.current) {
      void loadProfileRules().then(
        (loaded) => {
          rules.current = loaded;
          setRulesLoaded(true);
        },
        // Without the rules (the network dropped them) Save still works: the server checks the
        // same schema and its message is shown.
        () => setRulesLoaded(true),
      );
    }
  }

  function cancel() {
    form.clearErrors();
    setEditing(false);
  }

  function save(body: ProfileUpdate) {
    updateOnce(body, {
      onSuccess: () => {
        toast.success('Profile Updated', 'Your profile has been successfully updated.');
        setEditing(false);
      },
      onError: (error) => toast.error('Update Failed', errorDetail(error) || 'Failed to update profile. Please try again.'),
    });
  }

  const fields: FieldContext = {
    editing,
    values: editing ? form.values : formValuesOf(user),
    errors: form.errors,
    onChange: (field, value) => form.setValues({ [field]: value }),
  };

  return {
    editing,
    fields,
    saving: update.isPending,
    /** False for the moment the rules take to load after Edit Profile. */
    ready: rulesLoaded,
    start,
    cancel,
    submit: (event: FormEvent<HTMLFormElement>) => form.onSubmit(save)(event),
  };
}

export type ProfileEditor = ReturnType<typeof useProfileEditor>;
