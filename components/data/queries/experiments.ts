"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import type { Page } from "@/components/data/web-api";
import type { ExperimentJson } from "@/components/experiments/types";

export const experimentQueries = {
  /** A campaign's experiments (up to 100, newest first). */
  forCampaign: (campaignId: string) =>
    endpoint<Page<ExperimentJson>>(queryKeys.experiments.campaign(campaignId), `/experiments?campaign_id=${campaignId}&limit=100`),
  /** Experiments with a variant of this prompt (up to 100). */
  forPrompt: (name: string) => endpoint<Page<ExperimentJson>>(queryKeys.experiments.prompt(name), `/experiments?prompt=${encodeURIComponent(name)}&limit=100`),
  detail: (id: string) => endpoint<ExperimentJson>(queryKeys.experiments.detail(id), `/experiments/${id}`),
};

export const useCampaignExperiments = (campaignId: string) => useQuery(experimentQueries.forCampaign(campaignId));
export const usePromptExperiments = (name: string) => useQuery(experimentQueries.forPrompt(name));
export const useExperiment = (id: string) => useQuery(experimentQueries.detail(id));
