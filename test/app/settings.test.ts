/**
 * Settings in localStorage: the hand's sort order (the table's Sort toggle)
 * is kept with the rest and read back; a value the app never writes is
 * refused like any malformed setting.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, saveSettings } from '../../src/app/settings.js';
import { MemoryStorage } from '../helpers/memory-storage.js';

describe('hand sort setting', () => {
  it('is remembered', () => {
    const storage = new MemoryStorage();
    expect(loadSettings(storage).sortHandBy).toBeUndefined();
    saveSettings({ ...DEFAULT_SETTINGS, name: 'Ann', sortHandBy: 'rank' }, storage);
    expect(loadSettings(storage)).toMatchObject({ name: 'Ann', sortHandBy: 'rank' });
  });

  it('refuses an order the table does not offer', () => {
    const storage = new MemoryStorage();
    storage.setItem('fairdeck.settings.v1', JSON.stringify({ ...DEFAULT_SETTINGS, name: 'Ann', sortHandBy: 'size' }));
    expect(loadSettings(storage)).toEqual(DEFAULT_SETTINGS);
  });
});
