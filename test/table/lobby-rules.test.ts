/**
 * The lobby's rules (src/table/lobby.ts) checked one by one on a recording
 * mesh, without links or crypto: the creator seats joiners (the seat asked for
 * if free, else the first free one; only the roster once play has started and
 * the join names no seat, or while a hand runs), frees a seat given back
 * (after the running hand), seats bots; a joiner accepts only the creator's
 * newer rosters with a valid config and seats unchanged while a hand runs; the
 * mesh admits only seated keys for table traffic; and the log says each of
 * these in the words a player reads.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@noble/hashes/utils.js';
import { Lobby, tableConfigProblem, type RosterStore } from '../../src/table/lobby.js';
import { peerIdFor } from '../../src/table/table-id.js';
import type { Envelope } from '../../src/net/envelope.js';
import type { Mesh } from '../../src/net/mesh.js';
import type { Roster, SeatMember, TableConfig } from '../../src/net/messages.js';

const CREATOR_KEY = new Uint8Array(32).fill(0xc1);
const CREATOR = bytesToHex(CREATOR_KEY);
const TABLE = `abcdefgh-${CREATOR.slice(0, 16)}`;
const key = (b: number) => new Uint8Array(32).fill(b);
const hex = (b: number) => bytesToHex(key(b));
const pid = (b: number) => peerIdFor(TABLE, hex(b));
const CONFIG: TableConfig = { game: 'stress-shed', seats: 3, options: {} };

class FakeMesh {
  readonly table = TABLE;
  readonly sent: [string, unknown][] = [];
  wanted: string[] = [];
  check: ((envelope: Envelope) => string | null) | undefined;
  name = '';
  constructor(readonly selfKey: string) {}
  get peerId() {
    return peerIdFor(TABLE, this.selfKey);
  }
  authorize(check: (envelope: Envelope) => string | null) {
    this.check = check;
  }
  send(kind: string, body: unknown) {
    this.sent.push([kind, structuredClone(body)]);
  }
  setName(name: string) {
    this.name = name;
  }
  want(ids: Iterable<string>) {
    this.wanted = [...ids].sort();
  }
  reachability() {
    return 'direct' as const;
  }
  kinds() {
    return this.sent.map(([kind]) => kind);
  }
  last(kind: string): unknown {
    return this.sent.filter(([k]) => k === kind).at(-1)?.[1];
  }
}

class Store implements RosterStore {
  saved: Roster[] = [];
  constructor(private roster?: Roster) {}
  async loadRoster() {
    return this.roster && structuredClone(this.roster);
  }
  async saveRoster(_table: string, roster: Roster) {
    this.saved.push(structuredClone(roster));
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Made {
  lobby: Lobby;
  mesh: FakeMesh;
  store: Store;
  log: string[];
  changes: number;
  running: { seats: string[] | null };
  may: { join: boolean };
}

function make(self: string, options: { roster?: Roster; name?: string; botKeys?: string[] } = {}): Made {
  const mesh = new FakeMesh(self);
  const store = new Store(options.roster);
  const made: Made = {
    lobby: undefined as never,
    mesh,
    store,
    log: [],
    changes: 0,
    running: { seats: null },
    may: { join: true },
  };
  made.lobby = new Lobby({
    mesh: mesh as unknown as Mesh,
    store,
    name: options.name ?? 'Ann',
    onChange: () => made.changes++,
    onLog: (line) => made.log.push(line),
    botKeys: () => options.botKeys ?? [],
    runningSeats: () => made.running.seats,
    mayJoin: () => made.may.join,
  });
  return made;
}

const member = (b: number, name: string): SeatMember => ({ key: key(b), name, peerId: pid(b) });
const creatorMember = (name = 'Ann'): SeatMember => ({ key: CREATOR_KEY, name, peerId: peerIdFor(TABLE, CREATOR) });
const env = (kind: string, from: Uint8Array, body: unknown = {}) => ({ kind, from, body }) as unknown as Envelope;
const join = (b: number, name: string, seat: number | null = null) =>
  env('join', key(b), { peerId: pid(b), name, seat });

async function creatorWith(seats: (SeatMember | null)[], hands = 0, version = 5): Promise<Made> {
  const made = make(CREATOR, { roster: { version, config: { ...CONFIG, seats: seats.length }, seats, hands } });
  await made.lobby.open();
  made.mesh.sent.length = 0;
  made.log.length = 0;
  return made;
}

describe('the creator opens the table', () => {
  it('makes roster 1 from the config with itself in seat 1, stores and sends it', async () => {
    const made = make(CREATOR);
    await made.lobby.open(CONFIG);
    const roster: Roster = { version: 1, config: CONFIG, seats: [creatorMember(), null, null], hands: 0 };
    expect(made.store.saved).toEqual([roster]);
    expect(made.mesh.sent).toEqual([['roster', roster]]);
    expect(made.lobby.isCreator).toBe(true);
    expect(made.lobby.mySeat()).toBe(0);
    expect(made.lobby.wantsSeat).toBe(false);
    expect(made.mesh.wanted).toEqual([peerIdFor(TABLE, CREATOR)]);
    expect(made.changes).toBeGreaterThan(0);
    expect(made.lobby.view()).toMatchObject({
      rosterVersion: 1,
      mySeat: 0,
      isCreator: true,
      waitingForCreator: false,
      handRunning: false,
      configProblem: null,
    });
  });

  it('refuses a config its game does not take, and a table whose seating is gone', async () => {
    await expect(make(CREATOR).lobby.open({ game: 'stress-shed', seats: 9, options: {} })).rejects.toThrow(
      new RangeError(`cannot create this table: ${tableConfigProblem({ game: 'stress-shed', seats: 9, options: {} })}`),
    );
    expect(tableConfigProblem({ game: 'nope', seats: 2, options: {} })).toBe('unknown game "nope"');
    expect(tableConfigProblem(CONFIG)).toBeNull();
    await expect(make(CREATOR).lobby.open()).rejects.toThrow(
      'this table was created in another browser profile and its seating is gone here',
    );
  });

  it('keeps a stored roster as it is', async () => {
    const roster: Roster = { version: 4, config: CONFIG, seats: [creatorMember(), member(2, 'Bo'), null], hands: 1 };
    const made = make(CREATOR, { roster });
    await made.lobby.open(CONFIG);
    expect(made.store.saved).toEqual([]);
    expect(made.mesh.sent).toEqual([]);
    expect(made.lobby.view().rosterVersion).toBe(4);
    expect(made.mesh.wanted).toEqual([pid(2), peerIdFor(TABLE, CREATOR)].sort());
  });

  it('refuses a mesh whose table is not a table id', () => {
    const mesh = new FakeMesh(CREATOR) as unknown as { table: string };
    Object.defineProperty(mesh, 'table', { value: 'not-a-table' });
    expect(
      () =>
        new Lobby({
          mesh: mesh as unknown as Mesh,
          store: new Store(),
          name: 'x',
          onChange: () => {},
          onLog: () => {},
        }),
    ).toThrow(new TypeError('"not-a-table" is not a Fairdeck table id'));
  });

  it('works with only the required options', async () => {
    const mesh = new FakeMesh(hex(2));
    const lobby = new Lobby({
      mesh: mesh as unknown as Mesh,
      store: new Store(),
      name: 'Bo',
      onChange: () => {},
      onLog: () => {},
    });
    await lobby.open();
    // mayJoin defaults to yes, runningSeats to none, botKeys to none.
    expect(mesh.sent).toEqual([]);
    lobby.receive(env('hello', CREATOR_KEY, {}));
    expect(mesh.sent).toEqual([['join', { peerId: pid(2), name: 'Bo', seat: null }]]);
    lobby.receive(
      env('roster', CREATOR_KEY, { version: 2, config: CONFIG, seats: [creatorMember(), null, null], hands: 1 }),
    );
    await flush();
    expect(mesh.last('join')).toEqual({ peerId: pid(2), name: 'Bo', seat: 1 });
    expect(lobby.view().handRunning).toBe(false);
    expect(lobby.view().seats.map((s) => s.bot)).toEqual([null, null, null]);
  });

  it('a creator that has not opened yet seats nobody and adds no bot', async () => {
    const made = make(CREATOR);
    made.lobby.receive(join(2, 'Bo', 1));
    expect(() => made.lobby.seatBot(key(7), 1)).not.toThrow();
    await flush();
    expect(made.mesh.sent).toEqual([]);
  });

  it('only a key that starts with the prefix is the creator (not one that ends with it)', async () => {
    const tail = hex(2).slice(0, 48) + CREATOR.slice(0, 16);
    const made = make(tail);
    expect(made.lobby.isCreator).toBe(false);
  });

  it("the view shows each seat's connection as the mesh reports it", async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo'), null]);
    expect(made.lobby.view().seats.map((s) => s.reachability)).toEqual(['direct', 'direct', null]);
  });
});

describe('the creator seats joiners', () => {
  it('in the seat asked for when it is free, logging it and publishing the next version', async () => {
    const made = await creatorWith([creatorMember(), null, null]);
    made.lobby.receive(join(2, 'Bo', 2));
    await flush();
    const roster: Roster = { version: 6, config: CONFIG, seats: [creatorMember(), null, member(2, 'Bo')], hands: 0 };
    expect(made.log).toEqual(['Bo sat down in seat 3']);
    expect(made.mesh.sent).toEqual([['roster', roster]]);
    expect(made.store.saved).toEqual([roster]);
    expect(made.mesh.wanted).toEqual([pid(2), peerIdFor(TABLE, CREATOR)].sort());
  });

  it.each([
    ['taken', 0],
    ['beyond the table', 3],
    ['none', null],
  ])('in the first free seat when the seat asked for is %s', async (_what, seat) => {
    const made = await creatorWith([creatorMember(), null, null]);
    made.lobby.receive(join(2, '', seat));
    await flush();
    expect(made.log).toEqual(['someone sat down in seat 2']);
    expect((made.mesh.last('roster') as Roster).seats[1]).toEqual(member(2, ''));
  });

  it('answers with the roster when the table is full, seating nobody', async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo')]);
    made.lobby.receive(join(3, 'Cy'));
    await flush();
    expect(made.log).toEqual([]);
    expect(made.mesh.sent).toEqual([
      ['roster', { version: 5, config: { ...CONFIG, seats: 2 }, seats: [creatorMember(), member(2, 'Bo')], hands: 0 }],
    ]);
    expect(made.store.saved).toEqual([]);
  });

  it('keeps a seated joiner in its seat, re-sending the roster if nothing changed', async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo'), null]);
    made.lobby.receive(join(2, 'Bo', 2));
    await flush();
    expect(made.mesh.sent).toEqual([
      ['roster', { version: 5, config: CONFIG, seats: [creatorMember(), member(2, 'Bo'), null], hands: 0 }],
    ]);
    expect(made.log).toEqual([]);
  });

  it('publishes a new version when a seated joiner renamed or moved its link', async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo'), null]);
    made.lobby.receive(join(2, 'Bob', null));
    await flush();
    expect((made.mesh.last('roster') as Roster).version).toBe(6);
    expect((made.mesh.last('roster') as Roster).seats[1]).toEqual(member(2, 'Bob'));
    made.lobby.receive(env('join', key(2), { peerId: 'fd-elsewhere', name: 'Bob', seat: null }));
    await flush();
    expect((made.mesh.last('roster') as Roster).version).toBe(7);
    expect((made.mesh.last('roster') as Roster).seats[1]).toEqual({ key: key(2), name: 'Bob', peerId: 'fd-elsewhere' });
    expect(made.log).toEqual([]);
  });

  it('once play has started: only the free seat a join names; a join naming none gets the roster', async () => {
    const made = await creatorWith([creatorMember(), null, null], 2);
    made.lobby.receive(join(2, 'Bo'));
    await flush();
    expect(made.mesh.sent).toEqual([
      ['roster', { version: 5, config: CONFIG, seats: [creatorMember(), null, null], hands: 2 }],
    ]);
    made.lobby.receive(join(2, 'Bo', 2));
    await flush();
    expect(made.log).toEqual(['Bo sat down in seat 3']);
    expect((made.mesh.last('roster') as Roster).seats[2]).toEqual(member(2, 'Bo'));
  });

  it('while a hand runs: nobody new sits, the joiner gets the roster', async () => {
    const made = await creatorWith([creatorMember(), null, null]);
    made.running.seats = [CREATOR, hex(5), hex(6)];
    made.lobby.receive(join(2, 'Bo', 1));
    await flush();
    expect(made.mesh.kinds()).toEqual(['roster']);
    expect((made.mesh.last('roster') as Roster).version).toBe(5);
    expect(made.log).toEqual([]);
  });

  it('while a hand runs a seated player (the creator too) may still rename', async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo'), null], 1);
    made.running.seats = [CREATOR, hex(2)];
    made.lobby.receive(join(2, 'Bob', null));
    await flush();
    expect((made.mesh.last('roster') as Roster).seats[1]).toEqual(member(2, 'Bob'));
    made.lobby.rename('Annie');
    await flush();
    expect((made.mesh.last('roster') as Roster).seats[0]).toEqual(creatorMember('Annie'));
    expect((made.mesh.last('roster') as Roster).version).toBe(7);
  });

  it('a joiner does not seat others; a creator ignores rosters, answers hellos with the roster', async () => {
    const made = await creatorWith([creatorMember(), null, null]);
    made.lobby.receive(env('roster', CREATOR_KEY, { version: 9, config: CONFIG, seats: [null, null, null], hands: 0 }));
    await flush();
    expect(made.lobby.view().rosterVersion).toBe(5);
    made.lobby.receive(env('hello', key(2), { peerId: pid(2), name: 'Bo' }));
    expect(made.mesh.sent).toEqual([
      ['roster', { version: 5, config: CONFIG, seats: [creatorMember(), null, null], hands: 0 }],
    ]);
    made.lobby.receive(env('presence', key(2), {}));
    expect(made.mesh.sent.length).toBe(1);
  });

  it('the creator sits by itself, and renaming republishes its seat', async () => {
    const made = await creatorWith([creatorMember(), null, null]);
    made.lobby.rename('Annie');
    await flush();
    expect(made.mesh.name).toBe('Annie');
    expect((made.mesh.last('roster') as Roster).seats[0]).toEqual(creatorMember('Annie'));
    expect((made.mesh.last('roster') as Roster).version).toBe(6);
    expect(made.log).toEqual([]);
  });

  it('the creator leaving keeps seat 1, saying so', async () => {
    const made = await creatorWith([creatorMember(), null, null]);
    made.lobby.leave();
    expect(made.log).toEqual(['the table creator keeps seat 1 while the table exists']);
    expect(made.mesh.sent).toEqual([]);
    expect(made.lobby.mySeat()).toBe(0);
  });
});

describe('the creator frees seats', () => {
  it('frees a seat given back, logging it', async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo'), member(3, '')]);
    made.lobby.receive(env('leave', key(2), { rosterVersion: 5 }));
    await flush();
    expect(made.log).toEqual(['Bo left seat 2']);
    const roster = made.mesh.last('roster') as Roster;
    expect(roster.version).toBe(6);
    expect(roster.seats).toEqual([creatorMember(), null, member(3, '')]);
    made.lobby.receive(env('leave', key(3), { rosterVersion: 4 }));
    await flush();
    expect(made.log).toEqual(['Bo left seat 2', 'someone left seat 3']);
    expect(made.mesh.wanted).toEqual([peerIdFor(TABLE, CREATOR)]);
  });

  it('ignores a leave for a roster it never made, from nobody seated, or from itself', async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo'), null]);
    made.lobby.receive(env('leave', key(2), { rosterVersion: 6 }));
    made.lobby.receive(env('leave', key(4), { rosterVersion: 5 }));
    made.lobby.receive(env('leave', CREATOR_KEY, { rosterVersion: 5 }));
    await flush();
    expect(made.log).toEqual([]);
    expect(made.mesh.sent).toEqual([]);
  });

  it('a seat given back during a hand is freed once the hand has ended', async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo'), null]);
    made.running.seats = [CREATOR, hex(2), hex(5)];
    made.lobby.receive(env('leave', key(2), { rosterVersion: 5 }));
    await flush();
    expect(made.mesh.sent).toEqual([]);
    made.lobby.freeLeftSeats();
    await flush();
    expect(made.mesh.sent).toEqual([]);
    made.running.seats = null;
    made.lobby.freeLeftSeats();
    await flush();
    expect(made.log).toEqual(['Bo left seat 2']);
    expect((made.mesh.last('roster') as Roster).seats[1]).toBeNull();
    made.mesh.sent.length = 0;
    made.lobby.freeLeftSeats();
    await flush();
    expect(made.mesh.sent).toEqual([]);
  });

  it('a joiner frees no seats', async () => {
    const made = make(hex(2), {
      roster: { version: 5, config: CONFIG, seats: [creatorMember(), member(2, 'Bo'), member(3, 'Cy')], hands: 0 },
    });
    await made.lobby.open();
    made.mesh.sent.length = 0;
    made.lobby.receive(env('leave', key(3), { rosterVersion: 5 }));
    made.lobby.freeLeftSeats();
    await flush();
    expect(made.mesh.sent).toEqual([]);
    expect(made.lobby.view().seats[2]!.member).toEqual(member(3, 'Cy'));
  });
});

describe('the creator seats bots', () => {
  it('in a free seat, behind its own link, named by the seat', async () => {
    const made = await creatorWith([creatorMember(), null, null]);
    made.lobby.seatBot(key(7), 2);
    await flush();
    expect(made.log).toEqual(['a bot sat down in seat 3']);
    const roster = made.mesh.last('roster') as Roster;
    expect(roster.version).toBe(6);
    expect(roster.seats[2]).toEqual({ key: key(7), name: 'Bot 3', peerId: peerIdFor(TABLE, CREATOR) });
  });

  it("in a gone player's seat only when asked to replace it", async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo'), member(3, '')]);
    made.lobby.seatBot(key(7), 1);
    await flush();
    expect(made.mesh.sent).toEqual([]);
    made.lobby.seatBot(key(7), 1, true);
    made.lobby.seatBot(key(8), 2, true);
    await flush();
    expect(made.log).toEqual([
      "a bot takes Bo's seat 2 from the next hand on",
      "a bot takes seat 3's seat 3 from the next hand on",
    ]);
    expect((made.mesh.last('roster') as Roster).seats[2]).toEqual({
      key: key(8),
      name: 'Bot 3',
      peerId: peerIdFor(TABLE, CREATOR),
    });
  });

  it.each([
    ['seat 1', 0],
    ['a seat beyond the table', 3],
    ['a negative seat', -1],
  ])('never in %s', async (_what, seat) => {
    const made = await creatorWith([creatorMember(), null, null]);
    made.lobby.seatBot(key(7), seat, true);
    await flush();
    expect(made.mesh.sent).toEqual([]);
    expect(made.log).toEqual([]);
  });

  it('not while a hand runs, and not by a joiner', async () => {
    const made = await creatorWith([creatorMember(), null, null]);
    made.running.seats = [CREATOR, hex(5), hex(6)];
    made.lobby.seatBot(key(7), 1);
    await flush();
    expect(made.mesh.sent).toEqual([]);
    const joiner = make(hex(2), {
      roster: { version: 5, config: CONFIG, seats: [creatorMember(), null, null], hands: 0 },
    });
    await joiner.lobby.open();
    joiner.mesh.sent.length = 0;
    joiner.lobby.seatBot(key(7), 1);
    joiner.lobby.markHandStarted(1);
    await flush();
    expect(joiner.mesh.sent).toEqual([]);
    expect(joiner.log).toEqual([]);
  });
});

describe('hands started', () => {
  it('the creator records each new hand once', async () => {
    const made = await creatorWith([creatorMember(), member(2, 'Bo')], 1);
    made.lobby.markHandStarted(1);
    await flush();
    expect(made.mesh.sent).toEqual([]);
    made.lobby.markHandStarted(2);
    await flush();
    expect(made.mesh.sent).toEqual([
      ['roster', { version: 6, config: { ...CONFIG, seats: 2 }, seats: [creatorMember(), member(2, 'Bo')], hands: 2 }],
    ]);
    expect(made.lobby.view().handsStarted).toBe(2);
  });
});

describe('a joiner', () => {
  async function joiner(options: { roster?: Roster; nameFirst?: boolean } = {}): Promise<Made> {
    const made = make(hex(2), { name: 'Bo', roster: options.roster });
    if (options.nameFirst) made.lobby.askNameFirst();
    await made.lobby.open();
    return made;
  }
  const roster = (version: number, seats: (SeatMember | null)[], hands = 0): Roster => ({
    version,
    config: { ...CONFIG, seats: seats.length },
    seats,
    hands,
  });
  it('asks for a seat when a link opens, links to the creator, and sits when the roster says so', async () => {
    const made = await joiner();
    expect(made.lobby.isCreator).toBe(false);
    expect(made.lobby.wantsSeat).toBe(true);
    expect(made.lobby.view().waitingForCreator).toBe(true);
    expect(made.mesh.wanted).toEqual([peerIdFor(TABLE, CREATOR)]);
    made.lobby.receive(env('hello', CREATOR_KEY, {}));
    expect(made.mesh.sent).toEqual([['join', { peerId: pid(2), name: 'Bo', seat: null }]]);
    made.lobby.receive(env('roster', CREATOR_KEY, roster(2, [creatorMember(), member(2, 'Bo'), null])));
    await flush();
    expect(made.log).toEqual(['you sit in seat 2']);
    expect(made.lobby.mySeat()).toBe(1);
    expect(made.lobby.wantsSeat).toBe(false);
    expect(made.store.saved.map((r) => r.version)).toEqual([2]);
    expect(made.mesh.wanted).toEqual([pid(2), peerIdFor(TABLE, CREATOR)].sort());
    expect(made.mesh.sent.length).toBe(1);
  });

  it('without a name first waits for sit, then asks for the seat it wants', async () => {
    const made = await joiner({ nameFirst: true });
    expect(made.lobby.wantsSeat).toBe(false);
    made.lobby.receive(env('hello', CREATOR_KEY, {}));
    expect(made.mesh.sent).toEqual([]);
    made.lobby.sit(2);
    expect(made.mesh.sent).toEqual([['join', { peerId: pid(2), name: 'Bo', seat: 2 }]]);
    expect(made.lobby.wantsSeat).toBe(true);
    made.lobby.watch();
    expect(made.lobby.wantsSeat).toBe(false);
    made.lobby.receive(env('hello', CREATOR_KEY, {}));
    made.lobby.askAgain();
    expect(made.mesh.sent.length).toBe(1);
  });

  it('at a table where play started: joins naming the first free seat, only once it may', async () => {
    const made = await joiner();
    made.may.join = false;
    made.lobby.receive(env('roster', CREATOR_KEY, roster(3, [creatorMember(), member(4, 'Di'), null], 2)));
    await flush();
    expect(made.mesh.sent).toEqual([]);
    made.may.join = true;
    made.lobby.askAgain();
    expect(made.mesh.sent).toEqual([['join', { peerId: pid(2), name: 'Bo', seat: 2 }]]);
  });

  it('at a full table where play started names no seat; before play, the seat it wanted', async () => {
    const made = await joiner();
    made.lobby.receive(env('roster', CREATOR_KEY, roster(3, [creatorMember(), member(4, 'Di')], 1)));
    await flush();
    expect(made.mesh.sent).toEqual([['join', { peerId: pid(2), name: 'Bo', seat: null }]]);
    const other = await joiner();
    other.lobby.receive(env('roster', CREATOR_KEY, roster(3, [creatorMember(), null, null], 0)));
    await flush();
    expect(other.mesh.sent).toEqual([['join', { peerId: pid(2), name: 'Bo', seat: null }]]);
    other.lobby.sit(2);
    expect(other.mesh.last('join')).toEqual({ peerId: pid(2), name: 'Bo', seat: 2 });
  });

  it('a seated joiner that asks again names its own seat; renaming asks again', async () => {
    const made = await joiner({ roster: roster(3, [creatorMember(), null, member(2, 'Bo')], 1) });
    expect(made.lobby.mySeat()).toBe(2);
    made.lobby.receive(env('hello', CREATOR_KEY, {}));
    expect(made.mesh.sent).toEqual([['join', { peerId: pid(2), name: 'Bo', seat: 2 }]]);
    made.lobby.rename('Bob');
    expect(made.mesh.name).toBe('Bob');
    expect(made.mesh.last('join')).toEqual({ peerId: pid(2), name: 'Bob', seat: 2 });
  });

  it('an unseated joiner renaming does not ask for a seat', async () => {
    const made = await joiner({ nameFirst: true });
    made.lobby.rename('Bob');
    expect(made.mesh.sent).toEqual([]);
    expect(made.mesh.name).toBe('Bob');
  });

  it('leaves by sending the roster version it saw; the next roster unseats it', async () => {
    const made = await joiner({ roster: roster(3, [creatorMember(), member(2, 'Bo'), null]) });
    made.lobby.leave();
    expect(made.mesh.sent).toEqual([['leave', { rosterVersion: 3 }]]);
    expect(made.lobby.wantsSeat).toBe(false);
    made.lobby.receive(env('roster', CREATOR_KEY, roster(4, [creatorMember(), null, null])));
    await flush();
    expect(made.log).toEqual(['you left your seat']);
    expect(made.mesh.sent.length).toBe(1);
  });

  it('an unseated joiner has nothing to leave', async () => {
    const made = await joiner({ roster: roster(3, [creatorMember(), null, null]) });
    made.lobby.leave();
    expect(made.mesh.sent).toEqual([]);
    expect(made.lobby.wantsSeat).toBe(true);
  });

  it('takes only newer rosters', async () => {
    const made = await joiner({ roster: roster(3, [creatorMember(), member(2, 'Bo'), null]) });
    made.lobby.receive(env('roster', CREATOR_KEY, roster(3, [creatorMember(), null, null])));
    made.lobby.receive(env('roster', CREATOR_KEY, roster(2, [creatorMember(), null, null])));
    await flush();
    expect(made.lobby.mySeat()).toBe(1);
    expect(made.store.saved).toEqual([]);
    expect(made.log).toEqual([]);
  });

  it('refuses a roster whose config is not playable, says why once, and takes the next good one', async () => {
    const made = await joiner();
    const bad: Roster = {
      version: 2,
      config: { game: 'stress-shed', seats: 2, options: { nonsense: 1 } },
      seats: [creatorMember(), null],
      hands: 0,
    };
    const problem = tableConfigProblem(bad.config)!;
    expect(problem).toMatch(/nonsense/);
    const before = made.changes;
    made.lobby.receive(env('roster', CREATOR_KEY, bad));
    await flush();
    made.lobby.receive(env('roster', CREATOR_KEY, { ...bad, version: 3 }));
    await flush();
    expect(made.log).toEqual([`refused the table's seating: ${problem}`]);
    expect(made.lobby.view().configProblem).toBe(problem);
    expect(made.lobby.view().rosterVersion).toBe(0);
    expect(made.changes - before).toBe(3);
    made.lobby.receive(env('roster', CREATOR_KEY, roster(4, [creatorMember(), null])));
    await flush();
    expect(made.lobby.view().configProblem).toBeNull();
    expect(made.lobby.view().rosterVersion).toBe(4);
    expect(made.log.length).toBe(1);
  });

  it('a roster refused while a hand ran is taken once the hand ends (the newest one held), unless a newer one came', async () => {
    const made = await joiner({ roster: roster(3, [creatorMember(), member(2, 'Bo'), member(4, 'Di')], 1) });
    made.running.seats = [CREATOR, hex(2), hex(4)];
    made.lobby.receive(env('roster', CREATOR_KEY, roster(5, [creatorMember(), member(2, 'Bo'), member(5, 'Ed')], 1)));
    made.lobby.receive(env('roster', CREATOR_KEY, roster(4, [creatorMember(), member(2, 'Bo'), null], 1)));
    await flush();
    expect(made.lobby.view().rosterVersion).toBe(3);
    expect(made.lobby.newestRoster?.version).toBe(5);
    // Still running: held.
    made.lobby.adoptHeld();
    await flush();
    expect(made.lobby.view().rosterVersion).toBe(3);
    made.running.seats = null;
    made.lobby.adoptHeld();
    await flush();
    expect(made.lobby.view().rosterVersion).toBe(5);
    expect(made.lobby.names()[2]).toBe('Ed');
    expect(made.lobby.signedRoster?.body.version).toBe(5);
    // A held roster older than one adopted since is dropped.
    made.running.seats = [CREATOR, hex(2), hex(5)];
    made.lobby.receive(env('roster', CREATOR_KEY, roster(6, [creatorMember(), member(2, 'Bo'), null], 1)));
    made.lobby.receive(env('roster', CREATOR_KEY, roster(7, [creatorMember(), member(2, 'Bo'), member(5, 'Ed')], 2)));
    await flush();
    made.running.seats = null;
    made.lobby.adoptHeld();
    await flush();
    expect(made.lobby.view().rosterVersion).toBe(7);
    expect(made.lobby.newestRoster?.version).toBe(7);
  });

  it('while a hand runs refuses a roster that moves its seats, once per version', async () => {
    const made = await joiner({ roster: roster(3, [creatorMember(), member(2, 'Bo'), member(4, 'Di')], 1) });
    made.running.seats = [CREATOR, hex(2), hex(4)];
    made.lobby.receive(env('roster', CREATOR_KEY, roster(4, [creatorMember(), member(2, 'Bo'), null], 1)));
    made.lobby.receive(env('roster', CREATOR_KEY, roster(4, [creatorMember(), member(2, 'Bo'), null], 1)));
    made.lobby.receive(env('roster', CREATOR_KEY, roster(5, [creatorMember(), member(4, 'Di'), member(2, 'Bo')], 1)));
    made.lobby.receive(env('roster', CREATOR_KEY, roster(4, [creatorMember(), null, null], 1)));
    made.lobby.receive(
      env('roster', CREATOR_KEY, roster(6, [creatorMember(), member(2, 'Bo'), member(4, 'Di'), member(5, 'Ed')], 1)),
    );
    await flush();
    expect(made.log).toEqual([
      "refused the table's seating (version 4): it moves seat 3 while a hand is being played (taken once the hand ends)",
      "refused the table's seating (version 5): it moves seat 2 while a hand is being played (taken once the hand ends)",
      "refused the table's seating (version 6): it moves seat 4 while a hand is being played (taken once the hand ends)",
    ]);
    expect(made.lobby.view().rosterVersion).toBe(3);
    expect(made.lobby.view().handRunning).toBe(true);
    // A roster that keeps the running seats (a newer hand count) is taken.
    made.lobby.receive(env('roster', CREATOR_KEY, roster(7, [creatorMember(), member(2, 'Bo'), member(4, 'Dina')], 2)));
    await flush();
    expect(made.lobby.view().rosterVersion).toBe(7);
    expect(made.log.length).toBe(3);
  });

  it('while a hand runs refuses a roster with fewer seats than the hand', async () => {
    const made = await joiner({ roster: roster(3, [creatorMember(), member(2, 'Bo'), member(4, 'Di')], 1) });
    made.running.seats = [CREATOR, hex(2), hex(4)];
    made.lobby.receive(env('roster', CREATOR_KEY, roster(4, [creatorMember(), member(2, 'Bo')], 1)));
    await flush();
    expect(made.log).toEqual([
      "refused the table's seating (version 4): it moves seat 3 while a hand is being played (taken once the hand ends)",
    ]);
  });

  it('links to the introducers only while unseated, and to every seat', async () => {
    const made = await joiner();
    made.lobby.introduce(['aaaaaaaaaaaaaaaa', 'bogus', 'bbbbbbbbbbbbbbbb']);
    const viaA = peerIdFor(TABLE, 'aaaaaaaaaaaaaaaa');
    const viaB = peerIdFor(TABLE, 'bbbbbbbbbbbbbbbb');
    expect(made.mesh.wanted).toEqual([peerIdFor(TABLE, CREATOR), viaA, viaB].sort());
    made.lobby.receive(env('roster', CREATOR_KEY, roster(2, [creatorMember(), member(4, 'Di'), member(2, 'Bo')])));
    await flush();
    expect(made.mesh.wanted).toEqual([peerIdFor(TABLE, CREATOR), pid(4), pid(2)].sort());
  });

  it('a joiner that has not opened yet asks for nothing on a hello', () => {
    const made = make(hex(2));
    made.lobby.receive(env('hello', CREATOR_KEY, {}));
    expect(made.mesh.sent).toEqual([]);
  });

  it('a joiner does not seat whoever joins', async () => {
    const made = make(hex(2), {
      roster: { version: 5, config: CONFIG, seats: [creatorMember(), null, null], hands: 0 },
    });
    made.lobby.askNameFirst();
    await made.lobby.open();
    made.lobby.receive(join(3, 'Cy', 1));
    await flush();
    expect(made.mesh.sent).toEqual([]);
    expect(made.lobby.view().seats[1]!.member).toBeNull();
  });
});

describe('whom the mesh admits', () => {
  async function joinerWith(seats: (SeatMember | null)[]): Promise<Made> {
    const made = make(hex(2), {
      name: 'Bo',
      roster: { version: 3, config: { ...CONFIG, seats: seats.length }, seats, hands: 0 },
    });
    await made.lobby.open();
    return made;
  }
  it('a roster only from the creator key prefix, and from the key that sent the first one', async () => {
    const made = await joinerWith([creatorMember(), member(2, 'Bo'), null]);
    const check = made.mesh.check!;
    expect(check(env('roster', key(4)))).toBe('roster not signed by the table creator');
    expect(check(env('roster', CREATOR_KEY))).toBeNull();
    // Same 16-hex prefix, another key: only after a roster was taken from the real one is it known.
    const twin = new Uint8Array(CREATOR_KEY);
    twin[31] = 0;
    expect(check(env('roster', twin))).toBeNull();
    made.lobby.receive(
      env('roster', CREATOR_KEY, {
        version: 4,
        config: CONFIG,
        seats: [creatorMember(), member(2, 'Bo'), null],
        hands: 0,
      }),
    );
    await flush();
    expect(check(env('roster', twin))).toBe('roster not signed by the table creator');
    expect(check(env('roster', CREATOR_KEY))).toBeNull();
  });

  it('the creator knows its own key from the start', async () => {
    const made = await creatorWith([creatorMember(), null, null]);
    const twin = new Uint8Array(CREATOR_KEY);
    twin[31] = 0;
    expect(made.mesh.check!(env('roster', twin))).toBe('roster not signed by the table creator');
    expect(made.mesh.check!(env('table-event', twin))).toBe(
      `table-event from an unknown seat (${CREATOR.slice(0, 8)}…)`,
    );
    expect(made.mesh.check!(env('leave', CREATOR_KEY))).toBeNull();
  });

  it.each(['hello', 'join', 'presence', 'fetch'])('a %s from anyone', async (kind) => {
    const made = await joinerWith([creatorMember(), member(2, 'Bo'), null]);
    expect(made.mesh.check!(env(kind, key(9)))).toBeNull();
  });

  it('anything else only from a seated key', async () => {
    const made = await joinerWith([creatorMember(), member(2, 'Bo'), member(4, 'Di')]);
    const check = made.mesh.check!;
    expect(check(env('leave', key(4)))).toBeNull();
    expect(check(env('table-event', key(4)))).toBeNull();
    expect(check(env('leave', key(9)))).toBe(`leave from an unknown seat (${hex(9).slice(0, 8)}…)`);
    expect(check(env('table-event', key(9)))).toBe(`table-event from an unknown seat (${hex(9).slice(0, 8)}…)`);
  });

  it('table events from anyone while this page holds no seat', async () => {
    const made = await joinerWith([creatorMember(), null, member(4, 'Di')]);
    const check = made.mesh.check!;
    expect(check(env('table-event', key(9)))).toBeNull();
    expect(check(env('leave', key(9)))).toBe(`leave from an unknown seat (${hex(9).slice(0, 8)}…)`);
  });

  it('nothing but the seatless kinds before any roster', async () => {
    const made = make(hex(2));
    await made.lobby.open();
    made.lobby.receive(env('hello', CREATOR_KEY));
    expect(made.mesh.check!(env('leave', key(9)))).toBe(`leave from an unknown seat (${hex(9).slice(0, 8)}…)`);
  });
});
