import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyWithPreload', () => {
  it('renders a preloaded component at once, without the Suspense fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Lazy = lazyWithPreload(load);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Olivia" />
      </Suspense>,
    );
    // Synchronously on the first render: React.lazy would show the fallback first.
    expect(screen.getByText('Hello Olivia')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once, however often it is preloaded or rendered, and suspends when not preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Lazy = lazyWithPreload(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Nina" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Nina')).toBeInTheDocument();
    await Lazy.preload();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
