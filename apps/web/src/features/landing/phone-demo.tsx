// The hero's animated phone: messages a business sends through Kurir, each marked delivered.
import { Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconChecks, IconCircleCheck } from '@tabler/icons-react';
import { PhoneFrame } from './phone-frame';
import classes from './phone-demo.module.css';

const messages = [
  { text: 'Hi Ana, your order #4821 has shipped and arrives tomorrow.', took: '1.9 s', bubble: classes.b1, status: classes.s1 },
  { text: 'Reminder: your dental check-up is on Friday at 10:00.', took: '2.3 s', bubble: classes.b2, status: classes.s2 },
  { text: 'Your table for 4 at 19:30 is confirmed. See you tonight!', took: '2.1 s', bubble: classes.b3, status: classes.s3 },
  { text: 'Flash sale: 20% off all shoes until Sunday. Show this SMS in store.', took: '2.4 s', bubble: classes.b4, status: classes.s4 },
];

export function PhoneDemo() {
  return (
    <div className={classes.wrap}>
      <figure style={{ margin: 0 }}>
        <PhoneFrame contact="+386 41 555 012" subtitle="SMS · via Kurir">
          {messages.map((message) => (
            <div key={message.text} style={{ display: 'contents' }}>
              <div className={`${classes.bubble} ${message.bubble}`}>{message.text}</div>
              <div className={`${classes.status} ${message.status}`}>
                <IconChecks size={13} aria-hidden />
                Delivered · {message.took}
              </div>
            </div>
          ))}
        </PhoneFrame>
        <VisuallyHidden component="figcaption">
          A phone showing four business messages sent through Kurir, each marked delivered within about two seconds.
        </VisuallyHidden>
      </figure>
      <Group gap="xs" className={`${classes.floating} ${classes.floatTop}`} wrap="nowrap" aria-hidden>
        <span className={classes.liveDot} />
        <div>
          <Text fz="sm" fw={700} lh={1.1}>
            Live tracking
          </Text>
          <Text fz={11} c="dimmed">
            queued → sent → delivered
          </Text>
        </div>
      </Group>
      <Group gap="xs" className={`${classes.floating} ${classes.floatBottom}`} wrap="nowrap" aria-hidden>
        <ThemeIcon size={30} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={18} />
        </ThemeIcon>
        <div>
          <Text fz="sm" fw={700} lh={1.1}>
            4 of 4 delivered
          </Text>
          <Text fz={11} c="dimmed">
            99.9% delivery rate
          </Text>
        </div>
      </Group>
    </div>
  );
}
