// Previous, up to five page numbers centred on the current page, and Next (admin spec §2, §9).
import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pageLinks } from '../../../lib/pagination';

type Props = { page: number; pages: number; onPage: (page: number) => void };

export function PageControls({ page, pages, onPage }: Props) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" gap={6} mt="md" component="nav" aria-label="Pages">
      <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} aria-hidden />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageLinks(page, pages).map((n) => (
        <Button
          key={n}
          size="xs"
          variant={n === page ? 'filled' : 'default'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} aria-hidden />} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
