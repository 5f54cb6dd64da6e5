// Intraday bars as served (IntradayBar of rows.ts), written as JSON bytes (src/http/json-writer.ts):
// a day's rows share their ticker, their date and New York's offset, encoded once a day, and each
// bar's time is its minute's clock between them.
import { JsonWriter } from "../../http/json-writer.ts";
import { CLOCKS, newYorkOffset, type MinuteBar } from "./intraday.ts";

const utf8 = new TextEncoder();
const CLOCK_BYTES = CLOCKS.map((clock) => utf8.encode(clock));
const [COMMA, HIGH, LOW, CLOSE, VOLUME, END] = [",", ',"high":', ',"low":', ',"close":', ',"volume":', "}"].map(
  (text) => utf8.encode(text),
);

/** Bars of `ticker` on `day` (YYYY-MM-DD) as rows of a JSON array, after the rows `out` holds already. */
export function writeBars(out: JsonWriter, ticker: string, day: string, bars: MinuteBar[]): void {
  const head = utf8.encode(`{"ticker":${JSON.stringify(ticker)},"time":"${day}T`);
  const tail = utf8.encode(`:00${newYorkOffset(day)}","open":`);
  for (const { minute, open, high, low, close, volume } of bars) {
    if (out.length > 0) out.raw(COMMA);
    out.raw(head);
    out.raw(CLOCK_BYTES[minute]);
    out.raw(tail);
    out.number(open);
    out.raw(HIGH);
    out.number(high);
    out.raw(LOW);
    out.number(low);
    out.raw(CLOSE);
    out.number(close);
    out.raw(VOLUME);
    out.number(volume);
    out.raw(END);
  }
}
