/**
 * Settings in localStorage: the hand's sort order (the table's Sort toggle)
 * is kept with the rest and read back; a value the app never writes is
 * refused like any malformed setting.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, saveSettings } from '../../src/app/settings.js';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe('hand sort setting', () => {
  it('is remembered', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(loadSettings(storage).sortHandBy).toBeUndefined();
    saveSettings({ ...DEFAULT_SETTINGS, name: 'Ann', sortHandBy: 'rank' }, storage);
    expect(loadSettings(storage)).toMatchObject({ name: 'Ann', sortHandBy: 'rank' });
  });

  it('refuses an order the table does not offer', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    storage.setItem('fairdeck.settings.v1', JSON.stringify({ ...DEFAULT_SETTINGS, name: 'Ann', sortHandBy: 'size' }));
    expect(loadSettings(storage)).toEqual(DEFAULT_SETTINGS);
  });
});
