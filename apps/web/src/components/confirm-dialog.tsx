// A yes/no question in a dialog, for actions that cannot be taken back (cancel a scheduled
// message). The app does not load @mantine/modals' provider on every page for this.
import { Button, Group, Modal, Text } from '@mantine/core';

export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text fz="sm">{props.question}</Text>
      <Group justify="flex-end" gap="xs" mt="lg">
        <Button variant="default" onClick={props.onClose} disabled={props.busy}>
          {props.cancelLabel}
        </Button>
        <Button color="red" onClick={props.onConfirm} loading={props.busy} data-autofocus>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
