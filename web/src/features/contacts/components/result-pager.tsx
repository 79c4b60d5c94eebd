import { Button, Group, Text } from '@mantine/core';

type ResultPagerProps = {
  page: number;
  hasNext: boolean;
  /** Whether the page shown is the previous one while the next loads. */
  loading: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

/** ResultPager moves through pages read by cursors: Previous and Next, with the page number. */
export function ResultPager({ page, hasNext, loading, onPrevious, onNext }: ResultPagerProps) {
  if (page === 1 && !hasNext) return null;
  return (
    <Group justify="space-between" component="nav" aria-label="Result pages">
      <Text size="sm">Page {page}</Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page === 1} onClick={onPrevious}>
          Previous
        </Button>
        <Button variant="default" size="xs" disabled={!hasNext || loading} onClick={onNext}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
