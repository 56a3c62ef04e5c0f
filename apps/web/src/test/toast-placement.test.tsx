import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { AppToaster } from '../app/toaster';
import { Modal } from '../shared/ui/Modal';

function SheetWithAction() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>open</button>
      <Modal open={open} onOpenChange={setOpen} title="sheet" footer={<button type="button" onClick={() => setOpen(false)}>main action</button>}>
        <p>body</p>
      </Modal>
    </>
  );
}

const toasterEdge = () => document.querySelector('[data-sonner-toaster]')?.getAttribute('data-y-position');

describe('toasts and bottom sheets', () => {
  it('go to the top while a sheet is open, so they never cover its main action, and back to the bottom after', async () => {
    render(
      <>
        <AppToaster />
        <SheetWithAction />
      </>,
    );
    act(() => void toast.error('refused'));
    expect(await screen.findByText('refused')).toBeInTheDocument();
    expect(toasterEdge()).toBe('top');

    act(() => screen.getByText('main action').click());
    expect(toasterEdge()).toBe('bottom');
  });
});
