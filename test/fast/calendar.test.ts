import { describe, expect, it } from "vitest";
import { isTradingDay, nyseHolidays, tradingDays } from "../../build/models/calendar.ts";

describe("NYSE calendar", () => {
  it("counts the trading days of known years", () => {
    expect(tradingDays("2022-01-01", "2022-12-31")).toHaveLength(251);
    expect(tradingDays("2023-01-01", "2023-12-31")).toHaveLength(250);
    expect(tradingDays("2024-01-01", "2024-12-31")).toHaveLength(252);
    // Years with closures for special events: the attacks of 2001, Hurricane Sandy, two funerals.
    expect(tradingDays("2001-01-01", "2001-12-31")).toHaveLength(248);
    expect(tradingDays("2012-01-01", "2012-12-31")).toHaveLength(250);
    expect(tradingDays("2018-01-01", "2018-12-31")).toHaveLength(251);
    expect(tradingDays("2025-01-01", "2025-12-31")).toHaveLength(250);
    expect(tradingDays("2001-09-10", "2001-09-17")).toEqual(["2001-09-10", "2001-09-17"]);
  });

  it("knows moving and observed holidays", () => {
    expect(nyseHolidays(2023)).toContain("2023-04-07"); // Good Friday
    expect(nyseHolidays(2023)).toContain("2023-06-19"); // Juneteenth
    expect(nyseHolidays(2021)).toContain("2021-07-05"); // July 4th on a Sunday -> Monday
    expect(nyseHolidays(2022)).toContain("2022-12-26"); // Christmas on a Sunday
    expect(nyseHolidays(2022)).not.toContain("2021-12-31"); // New Year on Saturday is not moved back
    expect(isTradingDay("2021-12-31")).toBe(true);
    expect(isTradingDay("2023-11-23")).toBe(false); // Thanksgiving
    expect(isTradingDay("2023-11-25")).toBe(false); // Saturday
  });
});
