import { Avatar, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './phone-frame.module.css';

type PhoneFrameProps = {
  /** Who the conversation is with, shown in the screen's title bar. */
  contact: string;
  subtitle: string;
  /** A shorter phone, for a single message. */
  compact?: boolean;
  children: ReactNode;
};

/** A drawn phone (no images: the CSP allows only our own files) showing one conversation. */
export function PhoneFrame({ contact, subtitle, compact = false, children }: PhoneFrameProps) {
  return (
    <div className={compact ? `${classes.frame} ${classes.compact}` : classes.frame} aria-hidden="true">
      <div className={classes.screen}>
        <div className={classes.notch} />
        <div className={classes.bar}>
          <Avatar size={36} radius="xl" color="brand" variant="filled" mx="auto" mb={4}>
            {/^[A-Za-z]/.test(contact) ? contact.slice(0, 1) : <IconUser size={20} />}
          </Avatar>
          <Text fz="sm" fw={700} lh={1.2} truncate>
            {contact}
          </Text>
          <Text fz={11} c="dimmed">
            {subtitle}
          </Text>
        </div>
        <div className={classes.body}>{children}</div>
      </div>
    </div>
  );
}
