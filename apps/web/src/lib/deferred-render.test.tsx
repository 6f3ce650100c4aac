import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredRender } from './deferred-render';

describe('DeferredRender', () => {
  it('commits the fallback first, then the children', async () => {
    const seen: string[] = [];
    function Child({ label }: { label: string }) {
      seen.push(label);
      return <p>{label}</p>;
    }
    render(
      <DeferredRender fallback={<Child label="skeleton" />}>
        <Child label="page" />
      </DeferredRender>,
    );
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(screen.queryByText('skeleton')).not.toBeInTheDocument();
    expect(seen).toEqual(['skeleton', 'page']);
  });

  it('updates mounted children without the fallback', async () => {
    let setLabel: (label: string) => void = () => {};
    function Page() {
      const [label, set] = useState('first');
      setLabel = set;
      return <p>{label}</p>;
    }
    render(
      <DeferredRender fallback={<p>skeleton</p>}>
        <Page />
      </DeferredRender>,
    );
    expect(await screen.findByText('first')).toBeInTheDocument();
    act(() => setLabel('second'));
    expect(screen.getByText('second')).toBeInTheDocument();
    expect(screen.queryByText('skeleton')).not.toBeInTheDocument();
  });
});
