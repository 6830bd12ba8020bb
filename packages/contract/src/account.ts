import { MAP_PROVIDERS, type MapProviderId, MenuPosition, mapTilesSetting } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { Literals, Phone, ReplyOf } from './common.ts';

const Password = Type.String({ minLength: 1, maxLength: 64 });
const SmsCode = Type.String({ pattern: '^\\d{6}$' });

export const LoginBody = Type.Object({ Phone: Type.String({ minLength: 1, maxLength: 32 }), UserPassword: Password });
export const SmsLoginBody = Type.Object({ Phone, SMSCode: SmsCode });
export const SendCodeBody = Type.Object({
  Phone,
  Purpose: Type.Union([Type.Literal('login'), Type.Literal('retrieve'), Type.Literal('register')]),
});
export const RetrieveBody = Type.Object({ Phone, SMSCode: SmsCode, NewPass: Password });
export const RegisterBody = Type.Object({
  Phone,
  SMSCode: SmsCode,
  UserPassword: Password,
  UserName: Type.String({ minLength: 2, maxLength: 32 }),
  Email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 128 })])),
  HoldName: Type.Optional(Type.String({ maxLength: 64 })),
  Vehicle: Type.Object({
    Plate: Type.String({ minLength: 1, maxLength: 32 }),
    DeviceID: Type.Optional(Type.String({ maxLength: 32 })),
    OwnerName: Type.Optional(Type.String({ maxLength: 32 })),
  }),
});

export const SessionReply = ReplyOf(
  Type.Object({
    token: Type.String(),
    tokenExpiry: Type.String({ description: 'ISO 8601' }),
    userName: Type.String(),
    userId: Type.Integer(),
    accountType: Type.Integer(),
    loginInfo: Type.Object({ allFuns: Type.Array(Type.Integer()), CompanyID: Type.Integer() }),
    currentHoldId: Type.Integer(),
    currentHoldName: Type.String(),
    currentHasChild: Type.Boolean(),
    menuPosition: Type.Integer({
      description: `${MenuPosition.Top} top, ${MenuPosition.Left} left, ${MenuPosition.Right} right`,
    }),
    language: Type.String(),
    timeZone: Type.String(),
  }),
);

export const ConfigReply = ReplyOf(
  Type.Object({
    appTitle: Type.String(),
    deviceAccessIp: Type.String(),
    deviceAccessPort: Type.Integer(),
    smsProvider: Type.Union([Type.Literal('local'), Type.Literal('http')]),
    platform: Type.Integer(),
    demo: Type.Boolean(),
    registration: Type.Boolean(),
    map: Type.Object(
      {
        defaultProvider: Literals(MAP_PROVIDERS),
        tiles: Type.Partial(
          Type.Object(
            Object.fromEntries(
              MAP_PROVIDERS.map((id) => [id, Type.Array(Type.String(), { description: mapTilesSetting(id) })]),
            ) as Record<MapProviderId, Type.TArray<Type.TString>>,
          ),
        ),
      },
      {
        description:
          'MAP_DEFAULT_PROVIDER, and the tile URL templates of the providers MAP_TILES_* configures ({x} {y} {z} {s}, key filled in)',
      },
    ),
  }),
);

export const SendCodeReply = ReplyOf(Type.Object({ provider: Type.String(), expiresInSeconds: Type.Integer() }));
export const RegisterReply = ReplyOf(Type.Object({ UserID: Type.Integer() }));

export type LoginInput = Static<typeof LoginBody>;
export type SmsLoginInput = Static<typeof SmsLoginBody>;
export type SendCodeInput = Static<typeof SendCodeBody>;
export type SendCodeResult = Static<typeof SendCodeReply>['data'];
export type RetrieveInput = Static<typeof RetrieveBody>;
export type RegisterInput = Static<typeof RegisterBody>;
export type Session = Static<typeof SessionReply>['data'];
export type AppConfig = Static<typeof ConfigReply>['data'];
export type RegisterResult = Static<typeof RegisterReply>['data'];
