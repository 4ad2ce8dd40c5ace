// The profile page's two modes (spec §2, §8): view shows the user as it is now (refreshed every
// 15 s, it may change elsewhere); Edit Profile starts a form from it, validated by the core schema
// the server uses; Save sends it, Cancel drops it.
import { useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { profileUpdateBodySchema, type ProfileUpdate } from '@kurir/core/schemas/profile';
import { type User } from '@kurir/core/schemas/auth';
import { errorDetail } from '../../lib/api';
import { schemaForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useUpdateProfile } from './api/update-profile';
import type { FieldContext } from './profile-fields';
import { formValuesOf, type ProfileFormValues } from './profile-form';

export function useProfileEditor(user: User) {
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileFormValues, ProfileUpdate>({
    initialValues: formValuesOf(user),
    ...schemaForm(profileUpdateBodySchema, (values: ProfileFormValues) => values),
  });

  function start() {
    form.setValues(formValuesOf(user));
    form.clearErrors();
    setEditing(true);
  }

  function cancel() {
    form.clearErrors();
    setEditing(false);
  }

  function save(body: ProfileUpdate) {
    update.mutate(body, {
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
    start,
    cancel,
    submit: (event: FormEvent<HTMLFormElement>) => form.onSubmit(save)(event),
  };
}

export type ProfileEditor = ReturnType<typeof useProfileEditor>;
