// The interactive custom sender name demo (spec §2, §5): type a brand, see the message arrive
// under it. Input is forced to upper case and cut to the 11 characters networks allow.
import { Badge, Container, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { SENDER_NAME_MAX } from '@kurir/core/constants';
import classes from './landing.module.css';
import { PhoneFrame } from './phone-frame';

const DEFAULT_SENDER = 'CITYPHARMA';
const DEFAULT_MESSAGE = "Hi Maja, it's 8 pm: time to take your evening pills. Stay well! Your City Pharmacy";

// Over 80 lines only by its markup: one small form and its preview, no logic worth a second component.
export function SenderNameDemo() {
  const [sender, setSender] = useState(DEFAULT_SENDER);
  const [message, setMessage] = useState(DEFAULT_MESSAGE);
  const shownSender = sender.trim() || 'YOUR BRAND';

  return (
    <section className={classes.section} aria-labelledby="sender-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: 'center' }}>
          <Stack gap="md">
            <Badge variant="light" color="grape" leftSection={<IconSignature size={14} />} w="fit-content">
              Custom sender name
            </Badge>
            <Title order={2} id="sender-title" className={classes.sectionTitle}>
              Your brand, not a random number
            </Title>
            <Text c="dimmed" fz="lg">
              People open messages from names they know. Register your business name as the sender and every SMS
              arrives under it. Try it:
            </Text>
            {/* Native fields styled like Mantine's: the landing page does not download the input library. */}
            <div className={classes.field}>
              <label htmlFor="demo-sender" className={classes.fieldLabel}>
                Sender name
              </label>
              <p id="demo-sender-hint" className={classes.fieldHint}>
                Up to {SENDER_NAME_MAX} characters: letters, numbers and spaces.
              </p>
              <div className={classes.fieldBox}>
                <input
                  id="demo-sender"
                  className={`${classes.fieldInput} ${classes.senderInput}`}
                  aria-describedby="demo-sender-hint"
                  value={sender}
                  onChange={(event) => setSender(event.currentTarget.value.toUpperCase().slice(0, SENDER_NAME_MAX))}
                  maxLength={SENDER_NAME_MAX}
                  autoComplete="off"
                />
                <span className={classes.fieldCount} aria-hidden>
                  {sender.length}/{SENDER_NAME_MAX}
                </span>
              </div>
            </div>
            <div className={classes.field}>
              <label htmlFor="demo-message" className={classes.fieldLabel}>
                Message
              </label>
              <textarea
                id="demo-message"
                className={classes.fieldInput}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
                rows={3}
              />
            </div>
            <List
              spacing={6}
              fz="sm"
              c="dimmed"
              icon={
                <ThemeIcon size={20} radius="xl" color="teal" variant="light">
                  <IconCheck size={13} />
                </ThemeIcon>
              }
            >
              <List.Item>Approved by our team, typically within 24-48 hours</List.Item>
              <List.Item>Works for SMS and Viber messages</List.Item>
            </List>
          </Stack>
          <div>
            <PhoneFrame contact={shownSender} subtitle="Text message" compact>
              <Text fz={11} c="dimmed" ta="center" my={4}>
                Today 20:00
              </Text>
              <div className={classes.incoming}>{message || ' '}</div>
            </PhoneFrame>
          </div>
        </SimpleGrid>
      </Container>
    </section>
  );
}
