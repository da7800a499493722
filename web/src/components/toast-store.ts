import { create } from 'zustand';
import { TOAST_AUTO_CLOSE_MS } from '@campus-safety/model';

export type ToastTone = 'success' | 'error' | 'info' | 'alert';

export interface Toast {
  id: number;
  title: string;
  message?: string;
  tone: ToastTone;
  /**
   * Buttons on the toast (Open the new report; Open and Acknowledge an assignment); clicking one
   * also closes the toast.
   */
  actions?: { label: string; onClick: () => void }[];
  /**
   * Stays until one of its actions or Dismiss is clicked (a page waiting for its acknowledgement:
   * a keyboard user must be able to reach it, WCAG 2.2.1).
   */
  stays?: boolean;
}

interface ToastState {
  toasts: Toast[];
  show: (toast: Omit<Toast, 'id'>) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

/**
 * Every toast but one that `stays` closes itself after TOAST_AUTO_CLOSE_MS
 * (docs/requirements.md#constants); any can be closed early.
 */
export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    set({ toasts: [...get().toasts, { ...toast, id }] });
    if (!toast.stays) setTimeout(() => get().dismiss(id), TOAST_AUTO_CLOSE_MS);
    return id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

/** The readable text of something thrown: an Error's message, else the value as text. */
export function thrownText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const toast = {
  success: (title: string, message?: string) =>
    useToasts.getState().show({ title, message, tone: 'success' }),
  error: (title: string, message?: string) =>
    useToasts.getState().show({ title, message, tone: 'error' }),
  info: (title: string, message?: string) =>
    useToasts.getState().show({ title, message, tone: 'info' }),
  /** An error toast that says what failed (`title`) and why (what was thrown). */
  failure: (title: string, error: unknown) => toast.error(title, thrownText(error)),
};
