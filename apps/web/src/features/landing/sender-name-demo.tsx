// The interactive custom sender name demo (spec §2, §5): type a brand, see the message arrive
// under it. Input is forced to upper case and cut to the 11 characters networks allow.
import { Badge, Container, List, SimpleGrid, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { SENDER_NAME_MAX } from '@kurir/core';
import classes from './landing.module.css';
import { PhoneFrame } from './phone-frame';

const DEFAULT_SENDER = 'CITYPHARMA';
const DEFAULT_MESSAGE = "Hi Maja, it's 8 pm: time to take your evening pills. Stay well! Your City Pharmacy";

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
            <TextInput
              label="Sender name"
              description={`Up to ${SENDER_NAME_MAX} characters: letters, numbers and spaces.`}
              value={sender}
              onChange={(event) => setSender(event.currentTarget.value.toUpperCase().slice(0, SENDER_NAME_MAX))}
              maxLength={SENDER_NAME_MAX}
              classNames={{ input: classes.senderInput }}
              rightSection={
                <Text fz="xs" c="dimmed" pr={6}>
                  {sender.length}/{SENDER_NAME_MAX}
                </Text>
              }
              rightSectionWidth={52}
              size="md"
            />
            <Textarea
              label="Message"
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={5}
              size="md"
            />
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
