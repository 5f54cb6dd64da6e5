// Risk factors of the annual report (10-K Item 1A): paragraphs by sector, several alternatives each,
// drawn per filing, and the general risks every company states. No numbers: a risk factor states
// exposures, never figures (the filings checks hold every number of a filing to the records).
import type { Rng } from "../ground/rng.ts";

const SECTOR_RISKS: Record<string, readonly string[]> = {
  "Information Technology": [
    "Our markets change quickly. If we fail to anticipate shifts in technology or in what customers buy, or if competitors bring better products to market first, demand for our products could fall.",
    "We depend on a small number of suppliers and contract manufacturers for key components. Shortages, export restrictions or a disruption at one of them could delay shipments and raise our costs.",
    "Breaches of our systems or of the products we sell could expose customer data, lead to claims and regulatory penalties, and damage our reputation.",
  ],
  "Health Care": [
    "Our products require regulatory approval. Delays in approval, adverse results of clinical trials or safety issues after launch could prevent or limit their sale.",
    "Changes in government and private reimbursement, pricing pressure from payers and health care reform could reduce the prices we receive.",
    "We may face product liability claims, and the loss of patent protection on significant products would expose them to generic or biosimilar competition.",
  ],
  Financials: [
    "Our earnings depend on interest rates and on the credit quality of our borrowers and counterparties. A recession or a fall in asset prices could raise credit losses and lower the value of our investments.",
    "We operate under extensive regulation. Changes in capital, liquidity or conduct requirements could limit our activities and raise our costs.",
    "We rely on access to funding markets. Disruption of those markets or a loss of confidence in us could restrict our liquidity when we need it most.",
  ],
  "Consumer Discretionary": [
    "Demand for our products depends on consumer spending, which falls when employment, incomes or confidence weaken.",
    "We compete with many retailers and brands, online and in stores; failure to respond to changing tastes or prices could reduce our sales and margins.",
    "Disruptions of our supply chain, including freight costs and delays at ports, could leave us short of inventory or with too much of it.",
  ],
  "Consumer Staples": [
    "Increases in the cost of commodities, packaging and transport may not be recoverable through higher prices without a loss of volume.",
    "Our largest customers account for a significant share of our sales; consolidation among retailers and the growth of private labels could reduce our pricing power.",
    "Product recalls or concerns about the safety or quality of our products could harm our brands and our results.",
  ],
  "Communication Services": [
    "Advertising revenue is sensitive to economic conditions and to changes in how audiences use media and in privacy rules that limit targeting.",
    "Our networks and services require large, continuing capital investment, and competition may prevent us from earning adequate returns on it.",
    "Regulation of content, data protection, competition and spectrum could restrict how we operate and raise our costs.",
  ],
  Industrials: [
    "Our business is cyclical. Declines in industrial production, construction or transportation reduce demand for our products and services.",
    "Many of our contracts are long-term and at fixed prices; cost overruns, delays or cancellations could reduce our profits on them.",
    "Government spending, trade policy and tariffs affect our sales and the cost of the materials and components we buy.",
  ],
  Energy: [
    "Our results depend on the prices of oil, natural gas and refined products, which are volatile and outside our control.",
    "Our operations are subject to environmental and safety regulation, and to the risks of accidents, spills and interruptions of production.",
    "Policies to reduce carbon emissions, and lower demand for fossil fuels over time, could reduce the value of our reserves and assets.",
  ],
  Materials: [
    "Prices of our products follow global supply and demand and can fall sharply, while much of our cost is fixed.",
    "Our operations use large amounts of energy and raw materials whose costs and availability vary.",
    "Environmental regulation, permitting and remediation obligations could restrict our operations and require significant spending.",
  ],
  Utilities: [
    "Our rates are set by regulators. Decisions that disallow costs or limit our returns could reduce our earnings.",
    "Severe weather, wildfires and other natural events can damage our systems, interrupt service and expose us to liability.",
    "Our capital programme relies on access to debt and equity markets; higher interest rates raise our cost of capital.",
  ],
  "Real Estate": [
    "Our revenue depends on occupancy and rents, which fall when tenants' businesses weaken or when new supply enters our markets.",
    "We rely on debt financing; higher interest rates or tighter credit could raise our costs and limit our ability to refinance.",
    "The value of our properties may decline, and real estate is relatively illiquid, which may limit our ability to respond to changes.",
  ],
};

const GENERAL_RISKS: readonly string[] = [
  "Adverse economic conditions, inflation and changes in interest and exchange rates could reduce demand for our products and raise our costs.",
  "We depend on key personnel; the loss of members of our management team could disrupt our business.",
  "Litigation, investigations and changes in tax law in the jurisdictions where we operate could adversely affect our results.",
];

/** Two of the sector's risk paragraphs and one general, in a drawn order of each. */
export function riskFactors(sector: string, rng: Rng): string {
  const sectorRisks = rng.shuffle(SECTOR_RISKS[sector] ?? []).slice(0, 2);
  return [...sectorRisks, rng.pick(GENERAL_RISKS)].join("\n\n");
}

/** A quarterly report's risk factors: unchanged from the annual report's. */
export const QUARTERLY_RISK_FACTORS =
  "There have been no material changes to the risk factors described in the Company's most recent annual report on Form 10-K.";
