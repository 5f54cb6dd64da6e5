// Building blocks of the resource schemas: a field with its documentation, a date field, an amount.
import { z } from "zod";

/** A field with its documentation. */
export const field = <T extends z.ZodType>(schema: T, description: string, example?: unknown) =>
  schema.meta(example === undefined ? { description } : { description, example });

export const day = (description: string, example = "2023-06-30") =>
  field(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), description, example).meta({ format: "date" });

/** An amount of money (USD unless the description says otherwise). */
export const money = (description: string, example: number) => field(z.number(), description, example);

/** A ticker symbol. */
export const ticker = (description = "Ticker symbol (upper case, `.` written as `-`).", example = "AAPL") =>
  field(z.string(), description, example);

/** An object whose keys the contract leaves open. */
export const opaque = (description: string) => field(z.record(z.string(), z.unknown()), description);
