import { v1Route } from "@/lib/api/v1-route";
import { campaignForecastOperation } from "@/lib/api/operations/campaigns";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(campaignForecastOperation);
