// The corporate actions family's row.
import { z } from "zod";
import { field, day, ticker, opaque } from "../../contract/fields.ts";

export const CorporateAction = z
  .object({
    id: field(z.string(), "Identifier.", "ca_dba35981beb91478"),
    ticker: ticker(),
    action_type: field(z.enum(["dividend", "split"]), "Kind of action.", "dividend"),
    announcement_date: day("Date announced (public from then)."),
    ex_date: day("Ex-date."),
    record_date: day("Record date."),
    payable_date: day("Payable date."),
    details: opaque("A dividend: amount, currency, frequency. A split: split_from, split_to, ratio."),
  })
  .meta({ id: "CorporateAction", description: "A dividend or a split." });

export type CorporateAction = z.infer<typeof CorporateAction>;
