import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { type AcceptsBlank, dropBlankOptionals } from './blank-fields.ts';

/** Stands in for the route's validator: a plain string without minLength accepts ''. */
const accepts: AcceptsBlank = (s) =>
  (s as { type?: string; minLength?: number }).type === 'string' && !('minLength' in s);

const Item = Type.Object({
  Id: Type.Integer(),
  Sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  Note: Type.Optional(Type.String()),
});
const Body = Type.Object({
  Page: Type.Integer({ default: 1 }),
  Name: Type.String({ minLength: 1 }),
  HoldID: Type.Optional(Type.Integer()),
  Items: Type.Optional(Type.Array(Item)),
  Owner: Type.Optional(Type.Union([Type.Object({ HoldID: Type.Optional(Type.Integer()) }), Type.Null()])),
});

describe('dropBlankOptionals', () => {
  it("removes '' from optional fields that refuse it, at any depth, and nothing else", () => {
    const body = {
      Page: '',
      Name: '',
      HoldID: '',
      Items: [{ Id: '', Sort: '', Note: '' }],
      Owner: { HoldID: '' },
      Unknown: '',
    };
    dropBlankOptionals(Body, body, accepts);
    expect(body).toEqual({ Name: '', Items: [{ Id: '', Note: '' }], Owner: {}, Unknown: '' });
  });

  it('walks a bare array body', () => {
    const body = [{ Id: 1, Sort: '' }, { Id: 2 }];
    dropBlankOptionals(Type.Array(Item), body, accepts);
    expect(body).toEqual([{ Id: 1 }, { Id: 2 }]);
  });

  it('leaves values alone where there is no schema', () => {
    const body = { HoldID: '' };
    dropBlankOptionals(undefined, body, accepts);
    expect(body).toEqual({ HoldID: '' });
  });
});
