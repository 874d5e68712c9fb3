"""Contains all the data models used in inputs/outputs"""

from .aggregate import Aggregate
from .aggregate_data_item import AggregateDataItem
from .aggregate_dimension import AggregateDimension
from .aggregate_group import AggregateGroup
from .aggregate_metric import AggregateMetric
from .aggregate_multi_metric import AggregateMultiMetric
from .aggregate_multi_metric_data_item import AggregateMultiMetricDataItem
from .aggregate_source import AggregateSource
from .alumnus_item import AlumnusItem
from .api_key import ApiKey
from .api_key_create import ApiKeyCreate
from .api_key_status import ApiKeyStatus
from .api_key_with_secret import ApiKeyWithSecret
from .api_key_with_secret_status import ApiKeyWithSecretStatus
from .career_glance import CareerGlance
from .career_item import CareerItem
from .code_item import CodeItem
from .company_investor_item import CompanyInvestorItem
from .create_api_key_api_version import CreateApiKeyAPIVersion
from .create_api_key_response_201 import CreateApiKeyResponse201
from .create_note_api_version import CreateNoteAPIVersion
from .create_note_response_201 import CreateNoteResponse201
from .create_team_api_version import CreateTeamAPIVersion
from .create_team_response_201 import CreateTeamResponse201
from .currency_code import CurrencyCode
from .deal_size import DealSize
from .delete_note_api_version import DeleteNoteAPIVersion
from .education_glance import EducationGlance
from .education_item import EducationItem
from .entity_ref import EntityRef
from .entity_ref_subtype_type_1 import EntityRefSubtypeType1
from .entity_ref_subtype_type_2_type_1 import EntityRefSubtypeType2Type1
from .entity_ref_subtype_type_3_type_1 import EntityRefSubtypeType3Type1
from .entity_ref_type import EntityRefType
from .error import Error
from .error_error import ErrorError
from .error_error_code import ErrorErrorCode
from .error_error_details_type_1 import ErrorErrorDetailsType1
from .error_error_details_type_2_item import ErrorErrorDetailsType2Item
from .filter_scope import FilterScope
from .filter_scope_keys_item import FilterScopeKeysItem
from .filter_scope_keys_item_operators_item import FilterScopeKeysItemOperatorsItem
from .filter_scope_keys_item_type import FilterScopeKeysItemType
from .financial_year import FinancialYear
from .founded_companies_summary import FoundedCompaniesSummary
from .founded_company_item import FoundedCompanyItem
from .founder_full import FounderFull
from .founder_glance import FounderGlance
from .founder_item import FounderItem
from .founder_summary import FounderSummary
from .fund import Fund
from .fund_amount_source_type_1 import FundAmountSourceType1
from .funding_summary import FundingSummary
from .funnel import Funnel
from .funnel_query_info import FunnelQueryInfo
from .funnel_rows_item import FunnelRowsItem
from .geo_cluster import GeoCluster
from .geo_companies_api_version import GeoCompaniesAPIVersion
from .geo_companies_mode import GeoCompaniesMode
from .geo_companies_response_200 import GeoCompaniesResponse200
from .geo_companies_response_200_mode import GeoCompaniesResponse200Mode
from .geo_gov_ngos_api_version import GeoGovNgosAPIVersion
from .geo_gov_ngos_mode import GeoGovNgosMode
from .geo_gov_ngos_response_200 import GeoGovNgosResponse200
from .geo_gov_ngos_response_200_mode import GeoGovNgosResponse200Mode
from .geo_investors_api_version import GeoInvestorsAPIVersion
from .geo_investors_mode import GeoInvestorsMode
from .geo_investors_response_200 import GeoInvestorsResponse200
from .geo_investors_response_200_mode import GeoInvestorsResponse200Mode
from .geo_point import GeoPoint
from .geo_universities_api_version import GeoUniversitiesAPIVersion
from .geo_universities_mode import GeoUniversitiesMode
from .geo_universities_response_200 import GeoUniversitiesResponse200
from .geo_universities_response_200_mode import GeoUniversitiesResponse200Mode
from .get_aggregate_api_version import GetAggregateAPIVersion
from .get_aggregate_multi_metric_api_version import GetAggregateMultiMetricAPIVersion
from .get_api_key_api_version import GetApiKeyAPIVersion
from .get_api_key_response_200 import GetApiKeyResponse200
from .get_company_api_version import GetCompanyAPIVersion
from .get_entity_api_version import GetEntityAPIVersion
from .get_entity_response_200 import GetEntityResponse200
from .get_fund_api_version import GetFundAPIVersion
from .get_fund_response_200 import GetFundResponse200
from .get_funding_funnel_api_version import GetFundingFunnelAPIVersion
from .get_funding_funnel_dimension import GetFundingFunnelDimension
from .get_funding_heatmap_api_version import GetFundingHeatmapAPIVersion
from .get_funding_heatmap_metric import GetFundingHeatmapMetric
from .get_gov_ngo_api_version import GetGovNgoAPIVersion
from .get_health_api_version import GetHealthAPIVersion
from .get_investor_api_version import GetInvestorAPIVersion
from .get_job_api_version import GetJobAPIVersion
from .get_job_response_200 import GetJobResponse200
from .get_news_api_version import GetNewsAPIVersion
from .get_news_response_200 import GetNewsResponse200
from .get_note_api_version import GetNoteAPIVersion
from .get_note_response_200 import GetNoteResponse200
from .get_open_api_json_response_200 import GetOpenApiJsonResponse200
from .get_open_api_json_response_200_info import GetOpenApiJsonResponse200Info
from .get_open_api_json_response_200_paths import GetOpenApiJsonResponse200Paths
from .get_person_api_version import GetPersonAPIVersion
from .get_person_response_200 import GetPersonResponse200
from .get_team_api_version import GetTeamAPIVersion
from .get_team_response_200 import GetTeamResponse200
from .get_timeseries_api_version import GetTimeseriesAPIVersion
from .get_timeseries_interval import GetTimeseriesInterval
from .get_transaction_api_version import GetTransactionAPIVersion
from .get_transaction_response_200 import GetTransactionResponse200
from .get_university_api_version import GetUniversityAPIVersion
from .get_usage_api_version import GetUsageAPIVersion
from .get_valuation_api_version import GetValuationAPIVersion
from .get_valuation_response_200 import GetValuationResponse200
from .headcount_row import HeadcountRow
from .health import Health
from .health_database import HealthDatabase
from .health_database_status import HealthDatabaseStatus
from .health_status import HealthStatus
from .heatmap import Heatmap
from .heatmap_dimension import HeatmapDimension
from .heatmap_query_info import HeatmapQueryInfo
from .id_name import IdName
from .investments import Investments
from .investor_profile_full_type_0_exits import InvestorProfileFullType0Exits
from .investor_profile_full_type_0_match import InvestorProfileFullType0Match
from .investor_profile_full_type_0_portfolio import InvestorProfileFullType0Portfolio
from .investor_profile_type_0 import InvestorProfileType0
from .job_opening import JobOpening
from .jobs_summary import JobsSummary
from .landscape import Landscape
from .latest_valuation import LatestValuation
from .legacy_page import LegacyPage
from .list_api_keys_api_version import ListApiKeysAPIVersion
from .list_api_keys_response_200 import ListApiKeysResponse200
from .list_career_api_version import ListCareerAPIVersion
from .list_career_response_200 import ListCareerResponse200
from .list_companies_api_version import ListCompaniesAPIVersion
from .list_companies_response_200 import ListCompaniesResponse200
from .list_company_financials_api_version import ListCompanyFinancialsAPIVersion
from .list_company_financials_response_200 import ListCompanyFinancialsResponse200
from .list_company_funding_rounds_api_version import ListCompanyFundingRoundsAPIVersion
from .list_company_funding_rounds_response_200 import (
    ListCompanyFundingRoundsResponse200,
)
from .list_company_headcount_api_version import ListCompanyHeadcountAPIVersion
from .list_company_headcount_response_200 import ListCompanyHeadcountResponse200
from .list_company_investors_api_version import ListCompanyInvestorsAPIVersion
from .list_company_investors_response_200 import ListCompanyInvestorsResponse200
from .list_company_patents_api_version import ListCompanyPatentsAPIVersion
from .list_company_patents_response_200 import ListCompanyPatentsResponse200
from .list_company_team_api_version import ListCompanyTeamAPIVersion
from .list_company_team_response_200 import ListCompanyTeamResponse200
from .list_company_valuations_api_version import ListCompanyValuationsAPIVersion
from .list_company_valuations_response_200 import ListCompanyValuationsResponse200
from .list_company_web_traffic_api_version import ListCompanyWebTrafficAPIVersion
from .list_company_web_traffic_response_200 import ListCompanyWebTrafficResponse200
from .list_education_api_version import ListEducationAPIVersion
from .list_education_response_200 import ListEducationResponse200
from .list_entities_api_version import ListEntitiesAPIVersion
from .list_entities_response_200 import ListEntitiesResponse200
from .list_entity_lp_funds_api_version import ListEntityLpFundsAPIVersion
from .list_entity_lp_funds_response_200 import ListEntityLpFundsResponse200
from .list_filter_values_api_version import ListFilterValuesAPIVersion
from .list_filter_values_response_200 import ListFilterValuesResponse200
from .list_filter_values_response_200_data_item import (
    ListFilterValuesResponse200DataItem,
)
from .list_filter_values_scope import ListFilterValuesScope
from .list_filters_api_version import ListFiltersAPIVersion
from .list_filters_response_200 import ListFiltersResponse200
from .list_filters_scope import ListFiltersScope
from .list_founded_companies_api_version import ListFoundedCompaniesAPIVersion
from .list_founded_companies_response_200 import ListFoundedCompaniesResponse200
from .list_founders_api_version import ListFoundersAPIVersion
from .list_founders_response_200 import ListFoundersResponse200
from .list_founders_response_200_view import ListFoundersResponse200View
from .list_founders_view import ListFoundersView
from .list_funds_api_version import ListFundsAPIVersion
from .list_funds_response_200 import ListFundsResponse200
from .list_gov_ngo_patents_api_version import ListGovNgoPatentsAPIVersion
from .list_gov_ngo_patents_response_200 import ListGovNgoPatentsResponse200
from .list_gov_ngo_team_api_version import ListGovNgoTeamAPIVersion
from .list_gov_ngo_team_response_200 import ListGovNgoTeamResponse200
from .list_gov_ngos_api_version import ListGovNgosAPIVersion
from .list_gov_ngos_response_200 import ListGovNgosResponse200
from .list_investor_funds_api_version import ListInvestorFundsAPIVersion
from .list_investor_funds_response_200 import ListInvestorFundsResponse200
from .list_investor_lp_funds_api_version import ListInvestorLpFundsAPIVersion
from .list_investor_lp_funds_response_200 import ListInvestorLpFundsResponse200
from .list_investor_portfolio_api_version import ListInvestorPortfolioAPIVersion
from .list_investor_portfolio_response_200 import ListInvestorPortfolioResponse200
from .list_investor_team_api_version import ListInvestorTeamAPIVersion
from .list_investor_team_response_200 import ListInvestorTeamResponse200
from .list_investors_api_version import ListInvestorsAPIVersion
from .list_investors_response_200 import ListInvestorsResponse200
from .list_jobs_api_version import ListJobsAPIVersion
from .list_jobs_response_200 import ListJobsResponse200
from .list_landscapes_api_version import ListLandscapesAPIVersion
from .list_landscapes_response_200 import ListLandscapesResponse200
from .list_news_api_version import ListNewsAPIVersion
from .list_news_response_200 import ListNewsResponse200
from .list_notes_api_version import ListNotesAPIVersion
from .list_notes_response_200 import ListNotesResponse200
from .list_people_api_version import ListPeopleAPIVersion
from .list_people_response_200 import ListPeopleResponse200
from .list_people_response_200_view import ListPeopleResponse200View
from .list_people_view import ListPeopleView
from .list_similar_companies_api_version import ListSimilarCompaniesAPIVersion
from .list_similar_companies_response_200 import ListSimilarCompaniesResponse200
from .list_similar_investors_api_version import ListSimilarInvestorsAPIVersion
from .list_similar_investors_response_200 import ListSimilarInvestorsResponse200
from .list_taxonomy_api_version import ListTaxonomyAPIVersion
from .list_taxonomy_response_200 import ListTaxonomyResponse200
from .list_taxonomy_type import ListTaxonomyType
from .list_teams_api_version import ListTeamsAPIVersion
from .list_teams_response_200 import ListTeamsResponse200
from .list_transactions_api_version import ListTransactionsAPIVersion
from .list_transactions_response_200 import ListTransactionsResponse200
from .list_universities_api_version import ListUniversitiesAPIVersion
from .list_universities_response_200 import ListUniversitiesResponse200
from .list_university_alumni_api_version import ListUniversityAlumniAPIVersion
from .list_university_alumni_response_200 import ListUniversityAlumniResponse200
from .list_university_patents_api_version import ListUniversityPatentsAPIVersion
from .list_university_patents_response_200 import ListUniversityPatentsResponse200
from .list_university_team_api_version import ListUniversityTeamAPIVersion
from .list_university_team_response_200 import ListUniversityTeamResponse200
from .list_valuations_api_version import ListValuationsAPIVersion
from .list_valuations_response_200 import ListValuationsResponse200
from .list_versions_api_version import ListVersionsAPIVersion
from .list_versions_response_200 import ListVersionsResponse200
from .list_versions_response_200_all_versions_changes_item import (
    ListVersionsResponse200AllVersionsChangesItem,
)
from .list_versions_response_200_data_item import ListVersionsResponse200DataItem
from .list_versions_response_200_data_item_status import (
    ListVersionsResponse200DataItemStatus,
)
from .location import Location
from .locked_field import LockedField
from .locked_field_reason import LockedFieldReason
from .meta import Meta
from .meta_deprecations_item import MetaDeprecationsItem
from .meta_deprecations_item_type import MetaDeprecationsItemType
from .news_article import NewsArticle
from .note import Note
from .note_create import NoteCreate
from .note_update import NoteUpdate
from .organization_full_fields_subtype import OrganizationFullFieldsSubtype
from .organization_links import OrganizationLinks
from .organization_summary_fields import OrganizationSummaryFields
from .organization_summary_fields_subtype import OrganizationSummaryFieldsSubtype
from .page import Page
from .page_tier import PageTier
from .patent import Patent
from .person_links import PersonLinks
from .person_ref import PersonRef
from .portfolio_glance import PortfolioGlance
from .portfolio_item import PortfolioItem
from .redirect_fundings_aggregate_api_version import RedirectFundingsAggregateAPIVersion
from .redirect_fundings_aggregate_query import RedirectFundingsAggregateQuery
from .redirect_fundings_multi_metric_api_version import (
    RedirectFundingsMultiMetricAPIVersion,
)
from .redirect_fundings_multi_metric_query import RedirectFundingsMultiMetricQuery
from .revoke_api_key_api_version import RevokeApiKeyAPIVersion
from .revoke_api_key_response_200 import RevokeApiKeyResponse200
from .scope import Scope
from .search_entities_api_version import SearchEntitiesAPIVersion
from .search_entities_response_200 import SearchEntitiesResponse200
from .search_entities_type import SearchEntitiesType
from .search_hit import SearchHit
from .search_hit_match import SearchHitMatch
from .search_hit_match_field import SearchHitMatchField
from .search_hit_match_kind import SearchHitMatchKind
from .search_hit_subtype_type_1 import SearchHitSubtypeType1
from .search_hit_subtype_type_2_type_1 import SearchHitSubtypeType2Type1
from .search_hit_subtype_type_3_type_1 import SearchHitSubtypeType3Type1
from .search_hit_type import SearchHitType
from .similar_company_item import SimilarCompanyItem
from .similar_investor_item import SimilarInvestorItem
from .standardized_round import StandardizedRound
from .taxonomy_item import TaxonomyItem
from .taxonomy_item_type import TaxonomyItemType
from .team import Team
from .team_create import TeamCreate
from .timeseries import Timeseries
from .timeseries_interval import TimeseriesInterval
from .timeseries_metric import TimeseriesMetric
from .timeseries_series_item import TimeseriesSeriesItem
from .transaction import Transaction
from .transaction_investors_type_0_item import TransactionInvestorsType0Item
from .update_note_api_version import UpdateNoteAPIVersion
from .update_note_response_200 import UpdateNoteResponse200
from .usage import Usage
from .usage_balance import UsageBalance
from .usage_data_item import UsageDataItem
from .valuation import Valuation
from .web_traffic_point import WebTrafficPoint

__all__ = (
    "Aggregate",
    "AggregateDataItem",
    "AggregateDimension",
    "AggregateGroup",
    "AggregateMetric",
    "AggregateMultiMetric",
    "AggregateMultiMetricDataItem",
    "AggregateSource",
    "AlumnusItem",
    "ApiKey",
    "ApiKeyCreate",
    "ApiKeyStatus",
    "ApiKeyWithSecret",
    "ApiKeyWithSecretStatus",
    "CareerGlance",
    "CareerItem",
    "CodeItem",
    "CompanyInvestorItem",
    "CreateApiKeyAPIVersion",
    "CreateApiKeyResponse201",
    "CreateNoteAPIVersion",
    "CreateNoteResponse201",
    "CreateTeamAPIVersion",
    "CreateTeamResponse201",
    "CurrencyCode",
    "DealSize",
    "DeleteNoteAPIVersion",
    "EducationGlance",
    "EducationItem",
    "EntityRef",
    "EntityRefSubtypeType1",
    "EntityRefSubtypeType2Type1",
    "EntityRefSubtypeType3Type1",
    "EntityRefType",
    "Error",
    "ErrorError",
    "ErrorErrorCode",
    "ErrorErrorDetailsType1",
    "ErrorErrorDetailsType2Item",
    "FilterScope",
    "FilterScopeKeysItem",
    "FilterScopeKeysItemOperatorsItem",
    "FilterScopeKeysItemType",
    "FinancialYear",
    "FoundedCompaniesSummary",
    "FoundedCompanyItem",
    "FounderFull",
    "FounderGlance",
    "FounderItem",
    "FounderSummary",
    "Fund",
    "FundAmountSourceType1",
    "FundingSummary",
    "Funnel",
    "FunnelQueryInfo",
    "FunnelRowsItem",
    "GeoCluster",
    "GeoCompaniesAPIVersion",
    "GeoCompaniesMode",
    "GeoCompaniesResponse200",
    "GeoCompaniesResponse200Mode",
    "GeoGovNgosAPIVersion",
    "GeoGovNgosMode",
    "GeoGovNgosResponse200",
    "GeoGovNgosResponse200Mode",
    "GeoInvestorsAPIVersion",
    "GeoInvestorsMode",
    "GeoInvestorsResponse200",
    "GeoInvestorsResponse200Mode",
    "GeoPoint",
    "GeoUniversitiesAPIVersion",
    "GeoUniversitiesMode",
    "GeoUniversitiesResponse200",
    "GeoUniversitiesResponse200Mode",
    "GetAggregateAPIVersion",
    "GetAggregateMultiMetricAPIVersion",
    "GetApiKeyAPIVersion",
    "GetApiKeyResponse200",
    "GetCompanyAPIVersion",
    "GetEntityAPIVersion",
    "GetEntityResponse200",
    "GetFundAPIVersion",
    "GetFundResponse200",
    "GetFundingFunnelAPIVersion",
    "GetFundingFunnelDimension",
    "GetFundingHeatmapAPIVersion",
    "GetFundingHeatmapMetric",
    "GetGovNgoAPIVersion",
    "GetHealthAPIVersion",
    "GetInvestorAPIVersion",
    "GetJobAPIVersion",
    "GetJobResponse200",
    "GetNewsAPIVersion",
    "GetNewsResponse200",
    "GetNoteAPIVersion",
    "GetNoteResponse200",
    "GetOpenApiJsonResponse200",
    "GetOpenApiJsonResponse200Info",
    "GetOpenApiJsonResponse200Paths",
    "GetPersonAPIVersion",
    "GetPersonResponse200",
    "GetTeamAPIVersion",
    "GetTeamResponse200",
    "GetTimeseriesAPIVersion",
    "GetTimeseriesInterval",
    "GetTransactionAPIVersion",
    "GetTransactionResponse200",
    "GetUniversityAPIVersion",
    "GetUsageAPIVersion",
    "GetValuationAPIVersion",
    "GetValuationResponse200",
    "HeadcountRow",
    "Health",
    "HealthDatabase",
    "HealthDatabaseStatus",
    "HealthStatus",
    "Heatmap",
    "HeatmapDimension",
    "HeatmapQueryInfo",
    "IdName",
    "Investments",
    "InvestorProfileFullType0Exits",
    "InvestorProfileFullType0Match",
    "InvestorProfileFullType0Portfolio",
    "InvestorProfileType0",
    "JobOpening",
    "JobsSummary",
    "Landscape",
    "LatestValuation",
    "LegacyPage",
    "ListApiKeysAPIVersion",
    "ListApiKeysResponse200",
    "ListCareerAPIVersion",
    "ListCareerResponse200",
    "ListCompaniesAPIVersion",
    "ListCompaniesResponse200",
    "ListCompanyFinancialsAPIVersion",
    "ListCompanyFinancialsResponse200",
    "ListCompanyFundingRoundsAPIVersion",
    "ListCompanyFundingRoundsResponse200",
    "ListCompanyHeadcountAPIVersion",
    "ListCompanyHeadcountResponse200",
    "ListCompanyInvestorsAPIVersion",
    "ListCompanyInvestorsResponse200",
    "ListCompanyPatentsAPIVersion",
    "ListCompanyPatentsResponse200",
    "ListCompanyTeamAPIVersion",
    "ListCompanyTeamResponse200",
    "ListCompanyValuationsAPIVersion",
    "ListCompanyValuationsResponse200",
    "ListCompanyWebTrafficAPIVersion",
    "ListCompanyWebTrafficResponse200",
    "ListEducationAPIVersion",
    "ListEducationResponse200",
    "ListEntitiesAPIVersion",
    "ListEntitiesResponse200",
    "ListEntityLpFundsAPIVersion",
    "ListEntityLpFundsResponse200",
    "ListFilterValuesAPIVersion",
    "ListFilterValuesResponse200",
    "ListFilterValuesResponse200DataItem",
    "ListFilterValuesScope",
    "ListFiltersAPIVersion",
    "ListFiltersResponse200",
    "ListFiltersScope",
    "ListFoundedCompaniesAPIVersion",
    "ListFoundedCompaniesResponse200",
    "ListFoundersAPIVersion",
    "ListFoundersResponse200",
    "ListFoundersResponse200View",
    "ListFoundersView",
    "ListFundsAPIVersion",
    "ListFundsResponse200",
    "ListGovNgoPatentsAPIVersion",
    "ListGovNgoPatentsResponse200",
    "ListGovNgoTeamAPIVersion",
    "ListGovNgoTeamResponse200",
    "ListGovNgosAPIVersion",
    "ListGovNgosResponse200",
    "ListInvestorFundsAPIVersion",
    "ListInvestorFundsResponse200",
    "ListInvestorLpFundsAPIVersion",
    "ListInvestorLpFundsResponse200",
    "ListInvestorPortfolioAPIVersion",
    "ListInvestorPortfolioResponse200",
    "ListInvestorTeamAPIVersion",
    "ListInvestorTeamResponse200",
    "ListInvestorsAPIVersion",
    "ListInvestorsResponse200",
    "ListJobsAPIVersion",
    "ListJobsResponse200",
    "ListLandscapesAPIVersion",
    "ListLandscapesResponse200",
    "ListNewsAPIVersion",
    "ListNewsResponse200",
    "ListNotesAPIVersion",
    "ListNotesResponse200",
    "ListPeopleAPIVersion",
    "ListPeopleResponse200",
    "ListPeopleResponse200View",
    "ListPeopleView",
    "ListSimilarCompaniesAPIVersion",
    "ListSimilarCompaniesResponse200",
    "ListSimilarInvestorsAPIVersion",
    "ListSimilarInvestorsResponse200",
    "ListTaxonomyAPIVersion",
    "ListTaxonomyResponse200",
    "ListTaxonomyType",
    "ListTeamsAPIVersion",
    "ListTeamsResponse200",
    "ListTransactionsAPIVersion",
    "ListTransactionsResponse200",
    "ListUniversitiesAPIVersion",
    "ListUniversitiesResponse200",
    "ListUniversityAlumniAPIVersion",
    "ListUniversityAlumniResponse200",
    "ListUniversityPatentsAPIVersion",
    "ListUniversityPatentsResponse200",
    "ListUniversityTeamAPIVersion",
    "ListUniversityTeamResponse200",
    "ListValuationsAPIVersion",
    "ListValuationsResponse200",
    "ListVersionsAPIVersion",
    "ListVersionsResponse200",
    "ListVersionsResponse200AllVersionsChangesItem",
    "ListVersionsResponse200DataItem",
    "ListVersionsResponse200DataItemStatus",
    "Location",
    "LockedField",
    "LockedFieldReason",
    "Meta",
    "MetaDeprecationsItem",
    "MetaDeprecationsItemType",
    "NewsArticle",
    "Note",
    "NoteCreate",
    "NoteUpdate",
    "OrganizationFullFieldsSubtype",
    "OrganizationLinks",
    "OrganizationSummaryFields",
    "OrganizationSummaryFieldsSubtype",
    "Page",
    "PageTier",
    "Patent",
    "PersonLinks",
    "PersonRef",
    "PortfolioGlance",
    "PortfolioItem",
    "RedirectFundingsAggregateAPIVersion",
    "RedirectFundingsAggregateQuery",
    "RedirectFundingsMultiMetricAPIVersion",
    "RedirectFundingsMultiMetricQuery",
    "RevokeApiKeyAPIVersion",
    "RevokeApiKeyResponse200",
    "Scope",
    "SearchEntitiesAPIVersion",
    "SearchEntitiesResponse200",
    "SearchEntitiesType",
    "SearchHit",
    "SearchHitMatch",
    "SearchHitMatchField",
    "SearchHitMatchKind",
    "SearchHitSubtypeType1",
    "SearchHitSubtypeType2Type1",
    "SearchHitSubtypeType3Type1",
    "SearchHitType",
    "SimilarCompanyItem",
    "SimilarInvestorItem",
    "StandardizedRound",
    "TaxonomyItem",
    "TaxonomyItemType",
    "Team",
    "TeamCreate",
    "Timeseries",
    "TimeseriesInterval",
    "TimeseriesMetric",
    "TimeseriesSeriesItem",
    "Transaction",
    "TransactionInvestorsType0Item",
    "UpdateNoteAPIVersion",
    "UpdateNoteResponse200",
    "Usage",
    "UsageBalance",
    "UsageDataItem",
    "Valuation",
    "WebTrafficPoint",
)
